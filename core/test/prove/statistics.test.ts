/** Statistics of [prove] against values worked out by hand (t tables, binomial sums), not by the code under test. */
import { describe, expect, it } from 'vitest';
import { mean, pairedBootstrapInterval, standardDeviation, summarizeScores, tCritical95 } from '../../src/prove/statistics';

describe('mean and its 95% t interval', () => {
  it('1..5: mean 3, s = sqrt(2.5), t(4) = 2.776, half-width 2.776 * 1.5811 / 2.2361 = 1.963', () => {
    const s = summarizeScores([1, 2, 3, 4, 5]);
    expect(s.mean).toBe(3);
    expect(s.n).toBe(5);
    expect(s.low).toBeCloseTo(1.037, 3);
    expect(s.high).toBeCloseTo(4.963, 3);
  });

  it('ten scores 4,4,4,4,4,5,5,5,5,5: mean 4.5, s = 0.527, t(9) = 2.262, half-width 0.377', () => {
    const s = summarizeScores([4, 4, 4, 4, 4, 5, 5, 5, 5, 5]);
    expect(s.mean).toBe(4.5);
    expect(standardDeviation([4, 4, 4, 4, 4, 5, 5, 5, 5, 5])).toBeCloseTo(0.527, 3);
    expect(s.low).toBeCloseTo(4.123, 3);
    expect(s.high).toBeCloseTo(4.877, 3);
  });

  it('identical scores have a zero-width interval; one score has nothing to spread', () => {
    expect(summarizeScores([3, 3, 3])).toEqual({ mean: 3, low: 3, high: 3, n: 3 });
    expect(summarizeScores([4])).toEqual({ mean: 4, low: 4, high: 4, n: 1 });
    expect(mean([])).toBeNaN();
  });

  it('t critical values: table values, and conservative beyond 30 degrees of freedom', () => {
    expect(tCritical95(1)).toBe(12.706);
    expect(tCritical95(30)).toBe(2.042);
    expect(tCritical95(45)).toBe(2.021);
    expect(tCritical95(1000)).toBe(1.98);
  });
});

describe('paired bootstrap interval of the difference', () => {
  it('equal scores: the difference is exactly zero', () => {
    expect(pairedBootstrapInterval([3, 4, 5, 2], [3, 4, 5, 2], 1)).toEqual({ low: 0, high: 0 });
  });

  it('a constant gain of one on every case: exactly [1, 1]', () => {
    expect(pairedBootstrapInterval([1, 2, 3, 4], [2, 3, 4, 5], 7)).toEqual({ low: 1, high: 1 });
  });

  it('eight gains of 1 and two ties: the mean of a resample is Binomial(10, 0.8)/10; its 2.5% point is 0.5 (P(X<=4) = 0.006, P(X<=5) = 0.033)', () => {
    const current = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
    const candidate = [4, 4, 4, 4, 4, 4, 4, 4, 3, 3];
    const { low, high } = pairedBootstrapInterval(current, candidate, 42);
    expect(low).toBeGreaterThanOrEqual(0.45);
    expect(low).toBeLessThanOrEqual(0.6);
    // 97.5% point: P(X <= 9) = 0.893, so the top is 1.0.
    expect(high).toBe(1);
  });

  it('the same seed gives the same interval; pairs must line up', () => {
    const a = [1, 2, 3, 4, 5, 3];
    const b = [2, 2, 4, 4, 4, 5];
    expect(pairedBootstrapInterval(a, b, 9)).toEqual(pairedBootstrapInterval(a, b, 9));
    expect(() => pairedBootstrapInterval([1, 2], [1], 1)).toThrow('same length');
  });
});
