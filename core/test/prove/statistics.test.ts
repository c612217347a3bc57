/** Statistics of [prove] against values worked out by hand (t tables, normal quantiles), not by the code under test. */
import { describe, expect, it } from 'vitest';
import { casesForTestSide } from '../../src/prove/split';
import {
  mean,
  pairedDifference,
  powerAdvice,
  standardDeviation,
  summarizeScores,
  tCritical,
  tCritical95,
} from '../../src/prove/statistics';

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
    expect(tCritical(2, 0.8)).toBe(1.886);
    expect(tCritical(45, 0.8)).toBe(1.303);
  });
});

describe('paired difference with its 95% t interval', () => {
  it('equal scores: the difference is exactly zero', () => {
    expect(pairedDifference([3, 4, 5, 2], [3, 4, 5, 2])).toEqual({ mean: 0, low: 0, high: 0, n: 4 });
  });

  it('a constant gain of one on every case: exactly [1, 1]', () => {
    expect(pairedDifference([1, 2, 3, 4], [2, 3, 4, 5])).toEqual({ mean: 1, low: 1, high: 1, n: 4 });
  });

  it('differences 1,0,0,0,0: mean 0.2, s = sqrt(0.2) = 0.4472, t(4) = 2.776, half-width 0.5552', () => {
    const d = pairedDifference([3, 3, 3, 3, 3], [4, 3, 3, 3, 3]);
    expect(d.mean).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(-0.355, 3);
    expect(d.high).toBeCloseTo(0.755, 3);
  });

  it('pairs must line up', () => {
    expect(() => pairedDifference([1, 2], [1])).toThrow('same length');
  });
});

describe('how small a difference the test cases can detect', () => {
  it('scores 1..5 (s = 1.5811), 4 test cases: 2.8016 * sqrt(2) * 1.5811 / 2 = 3.132; half a point needs (12.529)^2 -> 157 test cases, 391 in all', () => {
    const advice = powerAdvice([1, 2, 3, 4, 5], 4, casesForTestSide);
    expect(advice.scoreSd).toBeCloseTo(1.5811, 4);
    expect(advice.detectable).toBeCloseTo(3.132, 3);
    expect(advice.testCasesForHalfPoint).toBe(157);
    // ceil(2 * 391 / 5) = ceil(156.4) = 157; 390 gives exactly 156.
    expect(advice.casesForHalfPoint).toBe(391);
  });

  it('scores 4,4,4,4,4,5,5,5,5,5 (s = 0.527), 8 test cases: 2.8016 * 0.7454 / 2.8284 = 0.738; 17.4 -> 18 test cases, 43 in all', () => {
    const advice = powerAdvice([4, 4, 4, 4, 4, 5, 5, 5, 5, 5], 8, casesForTestSide);
    expect(advice.detectable).toBeCloseTo(0.738, 3);
    expect(advice.testCasesForHalfPoint).toBe(18);
    // ceil(2 * 43 / 5) = ceil(17.2) = 18; 42 gives ceil(16.8) = 17.
    expect(advice.casesForHalfPoint).toBe(43);
  });

  it('no spread yet (one score, or all alike): the figures are unknown, not zero', () => {
    expect(powerAdvice([3, 3, 3], 4, casesForTestSide).detectable).toBeNaN();
    expect(powerAdvice([3], 4, casesForTestSide).casesForHalfPoint).toBeNaN();
  });
});
