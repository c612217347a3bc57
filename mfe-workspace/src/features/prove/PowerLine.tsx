import type { CaseResult, TestBudget } from '@prompt-perfect/core/api/prove';
import { casesForTestSide, splitSizes } from '@prompt-perfect/core/prove/split';
import { powerAdvice } from '@prompt-perfect/core/prove/statistics';
import { percent, testLevel } from '@prompt-perfect/core/prove/testBudget';
import styles from './Prove.module.css';
import { useProveStore } from './proveStore';

const one = (n: number) => n.toFixed(1);

/** optimized - original per case, when both evaluations are done on the same cases. */
function pairedDifferences(original: CaseResult[], optimized: CaseResult[] | null): number[] | undefined {
  if (!optimized) return undefined;
  const byCase = new Map(optimized.map((r) => [r.caseId, r.score]));
  if (original.some((r) => !byCase.has(r.caseId))) return undefined;
  return original.map((r) => (byCase.get(r.caseId) as number) - r.score);
}

/**
 * Before Start: how small a difference the next test can detect (its test cases and level from the
 * estimate, else a first test on the set's share), from the spread of the paired differences when
 * your prompt and the optimized one were both evaluated, else from the judge's spread on your prompt.
 */
export function PowerLine({ caseCount, budget }: { caseCount: number; budget: TestBudget | undefined }) {
  const evaluations = useProveStore((s) => s.evaluations);
  const original = evaluations.original?.status === 'done' ? evaluations.original.results : null;
  const optimized = evaluations.optimized?.status === 'done' ? evaluations.optimized.results : null;
  const testCases = budget?.caseIds.length ?? splitSizes(caseCount).test;
  const level = budget?.level ?? testLevel(1);
  if (!original)
    return (
      <p className={styles.muted} data-testid="prove-power">
        Evaluate your prompt first to see how small a difference {testCases} test cases can detect.
      </p>
    );
  const differences = pairedDifferences(original, optimized);
  const advice = powerAdvice({ scores: original.map((r) => r.score), differences }, testCases, casesForTestSide, level);
  if (Number.isNaN(advice.detectable))
    return (
      <p className={styles.muted} data-testid="prove-power">
        The judge gave all {original.length} cases the same score on your last evaluation, so how small a difference{' '}
        {testCases} test cases can detect is not known yet.
      </p>
    );
  const spread =
    advice.spreadFrom === 'paired differences'
      ? `the spread of the differences between your prompt and the optimized one (SD ${one(advice.diffSd)})`
      : `the judge’s spread on your last evaluation (SD ${one(advice.scoreSd)})`;
  const halfPoint = Number.isNaN(advice.casesForHalfPoint)
    ? 'no number of cases this tool can hold would find one of 0.5.'
    : `about ${advice.casesForHalfPoint} cases in all (${advice.testCasesForHalfPoint} for testing) would find one of 0.5.`;
  return (
    <p className={styles.muted} data-testid="prove-power">
      With {testCases} test cases at a {percent(level)} level and {spread}, a true difference of about{' '}
      {one(advice.detectable)} points is found 80% of the time; {halfPoint}
    </p>
  );
}
