/**
 * The statistics of [prove]: the 95% interval of a mean uses Student's t distribution (scores are
 * few and bounded, so the normal 1.96 would be too narrow), and so does the interval of a paired
 * difference (a percentile bootstrap is too narrow for the handful of cases a split holds).
 */
import type { PairedDifference, PowerAdvice, ScoreSummary } from '../api/prove';

/** Two-sided 95% critical values of Student's t for 1..30 degrees of freedom. */
const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
/** Two-sided 80% critical values (one-sided 90%) for 1..30 degrees of freedom. */
const T_80 = [
  3.078, 1.886, 1.638, 1.533, 1.476, 1.44, 1.415, 1.397, 1.383, 1.372, 1.363, 1.356, 1.35, 1.345, 1.341, 1.337, 1.333,
  1.33, 1.328, 1.325, 1.323, 1.321, 1.319, 1.318, 1.316, 1.315, 1.314, 1.313, 1.311, 1.31,
];
/** Beyond the tables: the next tabled value down for 40, 60 and 120 degrees of freedom, then 120's (conservative). */
const T_95_BEYOND = [2.042, 2.021, 2.0, 1.98];
const T_80_BEYOND = [1.31, 1.303, 1.296, 1.289];

export type ConfidenceLevel = 0.95 | 0.8;

/** The two-sided t critical value for `df` degrees of freedom at `level`. */
export function tCritical(df: number, level: ConfidenceLevel = 0.95): number {
  if (df < 1) return Number.NaN;
  const [table, beyond] = level === 0.95 ? [T_95, T_95_BEYOND] : [T_80, T_80_BEYOND];
  if (df <= 30) return table[df - 1];
  if (df < 40) return beyond[0];
  if (df < 60) return beyond[1];
  if (df < 120) return beyond[2];
  return beyond[3];
}

export const tCritical95 = (df: number) => tCritical(df, 0.95);

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Sample standard deviation (n - 1). */
export function standardDeviation(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  let ss = 0;
  for (const x of xs) ss += (x - m) ** 2;
  return Math.sqrt(ss / (xs.length - 1));
}

/** Mean with its t interval (95% unless said); one score gives a zero-width interval (nothing to estimate spread from). */
export function summarizeScores(scores: readonly number[], level: ConfidenceLevel = 0.95): ScoreSummary {
  const n = scores.length;
  const m = mean(scores);
  if (n < 2) return { mean: m, low: m, high: m, n };
  const half = (tCritical(n - 1, level) * standardDeviation(scores)) / Math.sqrt(n);
  return { mean: m, low: m - half, high: m + half, n };
}

/**
 * Mean of candidate[i] - current[i] with its Student's t interval (95% unless said): pairing by case
 * cancels out case difficulty. Identical differences give a zero-width interval.
 */
export function pairedDifference(
  current: readonly number[],
  candidate: readonly number[],
  level: ConfidenceLevel = 0.95,
): PairedDifference {
  if (current.length !== candidate.length) throw new Error('paired scores must have the same length');
  const {
    mean: m,
    low,
    high,
    n,
  } = summarizeScores(
    candidate.map((c, i) => c - current[i]),
    level,
  );
  return { mean: m, low, high, n };
}

/** z for a two-sided 5% test plus z for 80% power: (1.959964 + 0.841621). */
const Z_ALPHA_PLUS_POWER = 2.801585;
const HALF_POINT = 0.5;

/**
 * How small a difference `testCases` paired cases can detect 80% of the time with the 95% interval,
 * by the normal approximation. The spread of a difference is taken as sqrt(2) times the spread of
 * the scores (the two prompts' scores assumed uncorrelated: a cautious guess, as scores of the same
 * case usually move together).
 */
export function powerAdvice(
  scores: readonly number[],
  testCases: number,
  totalFor: (testCases: number) => number,
): PowerAdvice {
  const scoreSd = standardDeviation(scores);
  const diffSd = Math.SQRT2 * scoreSd;
  const detectable =
    scores.length < 2 || scoreSd === 0 ? Number.NaN : (Z_ALPHA_PLUS_POWER * diffSd) / Math.sqrt(testCases);
  const testCasesForHalfPoint = Number.isNaN(detectable)
    ? Number.NaN
    : Math.max(2, Math.ceil(((Z_ALPHA_PLUS_POWER * diffSd) / HALF_POINT) ** 2));
  return {
    testCases,
    scoreSd,
    detectable,
    testCasesForHalfPoint,
    casesForHalfPoint: Number.isNaN(testCasesForHalfPoint) ? Number.NaN : totalFor(testCasesForHalfPoint),
  };
}
