/**
 * The two decisions of an optimization. Round by round, an edit passes validation when its paired
 * 80% interval over the validation cases lies above zero: a screen, made many times, whose figures
 * flatter the winner, so they are shown as validation figures only. Once, at the end, the last
 * version that passed is compared with the starting prompt on the test cases, which chose nothing:
 * it is called better only when the paired interval at the test budget's confidence (95% for the
 * first test on those cases, stricter for each rerun: testBudget) lies above zero. When no edit truly
 * helps, all tests on the same cases together claim a win at most 5% of the time.
 */
import type { CaseResult, PairedDifference, TestBudget, TestVerdict } from '../api/prove';
import { mean, pairedDifference } from './statistics';
import { percent } from './testBudget';

export interface KeepDecision {
  kept: boolean;
  candidateScore: number;
  currentScore: number;
  diffLow: number;
  diffHigh: number;
  reason: string;
}

/** Scores are shown to one decimal everywhere (the rows and the reasons alike); intervals to two. */
const scoreFigure = (x: number) => x.toFixed(1);
/** Differences to two decimals with a true minus sign, as the report's table shows them. */
export const diffFigure = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;
const intervalText = (d: PairedDifference) => `${diffFigure(d.low)} to ${diffFigure(d.high)}`;

/** `current` and `candidate` are validation scores in the same case order. */
export function decideKeep(current: readonly number[], candidate: readonly number[]): KeepDecision {
  const difference = pairedDifference(current, candidate, 0.8);
  const base = {
    candidateScore: mean(candidate),
    currentScore: mean(current),
    diffLow: difference.low,
    diffHigh: difference.high,
  };
  const scores = `validation ${scoreFigure(base.currentScore)} → ${scoreFigure(base.candidateScore)}`;
  if (difference.low > 0)
    return {
      ...base,
      kept: true,
      reason: `Passed: ${scores}, difference ${intervalText(difference)} (80%) above zero.`,
    };
  if (!(difference.mean > 0)) return { ...base, kept: false, reason: `Rejected: ${scores}, no gain.` };
  return {
    ...base,
    kept: false,
    reason: `Rejected: ${scores}, but the difference ${intervalText(difference)} (80%) includes zero.`,
  };
}

/**
 * The final version (`version` 0 = the starting prompt) against the starting prompt on the test
 * cases of `budget`, at its confidence.
 */
export function testVerdict(
  version: number,
  start: CaseResult[],
  final: CaseResult[],
  budget: TestBudget,
): TestVerdict {
  const startScores = start.map((r) => r.score);
  const finalScores = final.map((r) => r.score);
  const difference = pairedDifference(startScores, finalScores, budget.confidence);
  const startMean = mean(startScores);
  const finalMean = mean(finalScores);
  const counted = version !== 0;
  const common = {
    version,
    startMean,
    finalMean,
    difference,
    startResults: start,
    finalResults: final,
    budget,
    counted,
  };
  const level = percent(budget.confidence);
  const scores = `${scoreFigure(startMean)} → ${scoreFigure(finalMean)} on ${difference.n} test cases`;
  if (version === 0)
    return {
      ...common,
      confirmed: false,
      reason: `No edit passed validation: your prompt scored ${scoreFigure(startMean)} on ${difference.n} test cases.`,
    };
  if (difference.low > 0)
    return {
      ...common,
      confirmed: true,
      reason: `Better: ${scores}, difference ${intervalText(difference)} (${level}) above zero.`,
    };
  return {
    ...common,
    confirmed: false,
    reason: `Not proven better: ${scores}, difference ${intervalText(difference)} (${level}) includes zero. Keep your prompt.`,
  };
}
