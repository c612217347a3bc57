import { splitSizes, casesForTestSide } from '@prompt-perfect/core/prove/split';
import { powerAdvice } from '@prompt-perfect/core/prove/statistics';
import styles from './Prove.module.css';
import { useProveStore } from './proveStore';

const one = (n: number) => n.toFixed(1);

/**
 * Before Start: how small a difference this set's test cases can detect, from the judge's spread on
 * the last evaluation of your prompt, and how many cases would detect half a point.
 */
export function PowerLine({ caseCount }: { caseCount: number }) {
  const evaluation = useProveStore((s) => s.evaluations.original);
  const scores = evaluation?.status === 'done' ? evaluation.results.map((r) => r.score) : null;
  const testCases = splitSizes(caseCount).test;
  if (!scores)
    return (
      <p className={styles.muted} data-testid="prove-power">
        Evaluate your prompt first to see how small a difference {testCases} test cases can detect.
      </p>
    );
  const advice = powerAdvice(scores, testCases, casesForTestSide);
  if (Number.isNaN(advice.detectable))
    return (
      <p className={styles.muted} data-testid="prove-power">
        The judge gave all {scores.length} cases the same score on your last evaluation, so how small a difference{' '}
        {testCases} test cases can detect is not known yet.
      </p>
    );
  return (
    <p className={styles.muted} data-testid="prove-power">
      With {testCases} test cases and the judge’s spread on your last evaluation (SD {one(advice.scoreSd)}), a true
      difference of about {one(advice.detectable)} points is found 80% of the time; {advice.casesForHalfPoint} cases in
      all ({advice.testCasesForHalfPoint} for testing) would find one of 0.5.
    </p>
  );
}
