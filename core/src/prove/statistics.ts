/**
 * The statistics of [prove]: the 95% interval of a mean uses Student's t distribution (scores are
 * few and bounded, so the normal 1.96 would be too narrow); the interval of a paired difference is
 * a percentile bootstrap with a seeded PRNG, so a run can be repeated exactly.
 */
import type { ScoreSummary } from '../api/prove';
import { seededRandom } from './random';

/** Two-sided 95% critical values of Student's t for 1..30 degrees of freedom. */
const T_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The t critical value for `df` degrees of freedom; beyond the table, the next tabled value down (conservative). */
export function tCritical95(df: number): number {
  if (df < 1) return Number.NaN;
  if (df <= 30) return T_95[df - 1];
  if (df < 40) return 2.042;
  if (df < 60) return 2.021;
  if (df < 120) return 2.0;
  return 1.98;
}

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

/** Mean with its 95% t interval; one score gives a zero-width interval (nothing to estimate spread from). */
export function summarizeScores(scores: readonly number[]): ScoreSummary {
  const n = scores.length;
  const m = mean(scores);
  if (n < 2) return { mean: m, low: m, high: m, n };
  const half = (tCritical95(n - 1) * standardDeviation(scores)) / Math.sqrt(n);
  return { mean: m, low: m - half, high: m + half, n };
}

export interface Interval {
  low: number;
  high: number;
}

const BOOTSTRAP_RESAMPLES = 2000;

/**
 * Percentile bootstrap 95% interval of the mean of candidate[i] - current[i]: the cases are
 * resampled with replacement as pairs, so case difficulty cancels out.
 */
export function pairedBootstrapInterval(current: readonly number[], candidate: readonly number[], seed: number, resamples = BOOTSTRAP_RESAMPLES): Interval {
  if (current.length !== candidate.length) throw new Error('paired scores must have the same length');
  const n = current.length;
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const diffs = candidate.map((c, i) => c - current[i]);
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[Math.floor(random() * n)];
    means[r] = sum / n;
  }
  means.sort();
  return { low: quantile(means, 0.025), high: quantile(means, 0.975) };
}

/** Linear-interpolated quantile of sorted values. */
function quantile(sorted: Float64Array, p: number): number {
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}
