/**
 * The statistics of [prove]: the 95% interval of a mean uses Student's t distribution (scores are
 * few and bounded, so the normal 1.96 would be too narrow), and so does the interval of a paired
 * difference (a percentile bootstrap is too narrow for the handful of cases a split holds).
 */
import type { PairedDifference, PowerAdvice, ScoreSummary } from '../api/prove';
import { noncentralTUpper, tQuantile } from './tDistribution';

/** Two-sided coverage of an interval: 0.95 for a 95% interval. */
export type ConfidenceLevel = number;

/** The two-sided t critical value for `df` degrees of freedom at `level` (e.g. 2.262 for 9 at 95%). */
export function tCritical(df: number, level: ConfidenceLevel = 0.95): number {
  if (df < 1) return Number.NaN;
  const key = `${df} ${level}`;
  let t = criticalValues.get(key);
  if (t === undefined) {
    t = tQuantile(1 - (1 - level) / 2, df);
    criticalValues.set(key, t);
  }
  return t;
}

/** Each (df, level) is solved once: the bisection is slow next to the rest of an interval. */
const criticalValues = new Map<string, number>();

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

/** The power the advice is for: the chance the test finds a true difference of the detectable size. */
const TARGET_POWER = 0.8;
const HALF_POINT = 0.5;
/** Past this many test cases the advice stops counting (a judge with no spread at all). */
const MOST_TEST_CASES = 10_000;

/**
 * The chance that the test (a paired t test whose one-sided false-claim level is `level`) finds a
 * true mean difference `difference` when the paired differences spread with `diffSd` over `testCases`
 * cases: the noncentral t with n - 1 degrees of freedom and noncentrality difference * sqrt(n) / sd.
 */
export function testPower(difference: number, diffSd: number, testCases: number, level: number): number {
  const df = testCases - 1;
  if (df < 1 || !(diffSd > 0)) return Number.NaN;
  return noncentralTUpper(tQuantile(1 - level, df), df, (difference * Math.sqrt(testCases)) / diffSd);
}

/** The smallest true difference the test finds TARGET_POWER of the time (bisection on the noncentral t). */
export function detectableDifference(diffSd: number, testCases: number, level: number): number {
  if (testCases < 2 || !(diffSd > 0)) return Number.NaN;
  let low = 0;
  let high = diffSd;
  while (testPower(high, diffSd, testCases, level) < TARGET_POWER) high *= 2;
  while (high - low > 1e-6 * diffSd) {
    const mid = (low + high) / 2;
    if (testPower(mid, diffSd, testCases, level) < TARGET_POWER) low = mid;
    else high = mid;
  }
  return high;
}

/** The fewest test cases that find `difference` TARGET_POWER of the time (NaN past MOST_TEST_CASES). */
function testCasesFor(difference: number, diffSd: number, level: number): number {
  if (!(diffSd > 0)) return Number.NaN;
  let low = 2;
  let high = 4;
  while (testPower(difference, diffSd, high, level) < TARGET_POWER) {
    if (high >= MOST_TEST_CASES) return Number.NaN;
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (testPower(difference, diffSd, mid, level) < TARGET_POWER) low = mid;
    else high = mid;
  }
  return testPower(difference, diffSd, low, level) >= TARGET_POWER ? low : high;
}

/** What the spread of a difference is estimated from. */
export interface PowerBasis {
  /** The judge's scores of one prompt. */
  scores: readonly number[];
  /** candidate - current per case from an earlier paired comparison, when there is one. */
  differences?: readonly number[];
}

/**
 * How small a difference `testCases` paired cases can detect TARGET_POWER of the time with the test
 * at `level` (one-sided false-claim level; 0.025 is the first test's 95% interval), from the noncentral
 * t. The spread of a difference is the spread of earlier paired differences when there are at least
 * two; else sqrt(2) times the spread of the scores (the two prompts' scores taken as uncorrelated: a
 * cautious guess, as scores of the same case usually move together). Either way it is an estimate,
 * so the figures are "about".
 */
export function powerAdvice(
  basis: PowerBasis,
  testCases: number,
  totalFor: (testCases: number) => number,
  level: number,
): PowerAdvice {
  const paired = (basis.differences?.length ?? 0) >= 2 && standardDeviation(basis.differences ?? []) > 0;
  const scoreSd = standardDeviation(basis.scores);
  const diffSd = paired ? standardDeviation(basis.differences ?? []) : Math.SQRT2 * scoreSd;
  const known = paired || (basis.scores.length >= 2 && scoreSd > 0);
  const detectable = known ? detectableDifference(diffSd, testCases, level) : Number.NaN;
  const testCasesForHalfPoint = known ? testCasesFor(HALF_POINT, diffSd, level) : Number.NaN;
  return {
    testCases,
    scoreSd,
    diffSd: known ? diffSd : Number.NaN,
    spreadFrom: paired ? 'paired differences' : 'scores',
    level,
    detectable,
    testCasesForHalfPoint,
    casesForHalfPoint: Number.isNaN(testCasesForHalfPoint) ? Number.NaN : totalFor(testCasesForHalfPoint),
  };
}
