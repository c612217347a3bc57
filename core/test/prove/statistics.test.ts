/**
 * Statistics of [prove] against values worked out by hand or published (t tables, R's power.t.test
 * manual page, G*Power's one-sample example), not by the code under test.
 */
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
  testPower,
} from '../../src/prove/statistics';
import { noncentralTUpper, tQuantile } from '../../src/prove/tDistribution';

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

  it('t critical values: the printed table (two-sided 95% and 80%), and exact beyond 30 degrees of freedom', () => {
    expect(tCritical95(1)).toBeCloseTo(12.706, 3);
    expect(tCritical95(30)).toBeCloseTo(2.042, 3);
    expect(tCritical95(45)).toBeCloseTo(2.014, 3);
    expect(tCritical95(1000)).toBeCloseTo(1.962, 3);
    expect(tCritical(2, 0.8)).toBeCloseTo(1.886, 3);
    expect(tCritical(45, 0.8)).toBeCloseTo(1.301, 3);
    // Stricter levels for reruns: one-sided 0.0125 and 0.003125 (97.5% and 99.375% intervals).
    expect(tCritical(5, 0.975)).toBeCloseTo(3.163, 3);
    expect(tCritical(5, 0.99375)).toBeCloseTo(4.526, 3);
    expect(tQuantile(0.995, 4)).toBeCloseTo(4.604, 3);
    expect(tQuantile(0.025, 10)).toBeCloseTo(-2.228, 3);
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

describe('power: the noncentral t against published values', () => {
  it("R's power.t.test(n = 20, delta = 1): 0.8689528 (df 38, noncentrality sqrt(10), two-sided 5%)", () => {
    expect(noncentralTUpper(tQuantile(0.975, 38), 38, Math.sqrt(10))).toBeCloseTo(0.8689528, 5);
  });

  it("R's power.t.test(power = .90, delta = 1): n = 22.02110, so that fractional n has power 0.90", () => {
    const df = 2 * (22.0211 - 1);
    expect(noncentralTUpper(tQuantile(0.975, df), df, Math.sqrt(22.0211 / 2))).toBeCloseTo(0.9, 4);
  });

  it("G*Power's one-sample t test, d = 0.5, two-sided 5%: n = 34 has power 0.8078 (33 falls short)", () => {
    expect(testPower(0.5, 1, 34, 0.025)).toBeCloseTo(0.8078, 4);
    expect(testPower(0.5, 1, 33, 0.025)).toBeLessThan(0.8);
  });

  it('the normal 2.80 overstates it: at 2.8016 / sqrt(n) the t test finds the difference 48% of the time with 4 cases, 65% with 7, 76% with 20', () => {
    expect(testPower(2.801585 / 2, 1, 4, 0.025)).toBeCloseTo(0.483, 3);
    expect(testPower(2.801585 / Math.sqrt(7), 1, 7, 0.025)).toBeCloseTo(0.649, 3);
    expect(testPower(2.801585 / Math.sqrt(20), 1, 20, 0.025)).toBeCloseTo(0.757, 3);
  });
});

describe('how small a difference the test cases can detect', () => {
  it('scores 1..5 (s = 1.5811, difference spread sqrt(2) s = 2.236), 4 test cases, first test: about 4.758; half a point needs 159 test cases, 396 in all', () => {
    const advice = powerAdvice({ scores: [1, 2, 3, 4, 5] }, 4, casesForTestSide, 0.025);
    expect(advice.scoreSd).toBeCloseTo(1.5811, 4);
    expect(advice.spreadFrom).toBe('scores');
    expect(advice.detectable).toBeCloseTo(4.758, 3);
    expect(testPower(advice.detectable, advice.diffSd, 4, 0.025)).toBeCloseTo(0.8, 5);
    expect(advice.testCasesForHalfPoint).toBe(159);
    // ceil(2 * 396 / 5) = ceil(158.4) = 159; 395 gives exactly 158.
    expect(advice.casesForHalfPoint).toBe(396);
  });

  it('scores 4,4,4,4,4,5,5,5,5,5 (s = 0.527), 8 test cases: about 0.862; 20 test cases, 48 in all, for half a point', () => {
    const advice = powerAdvice({ scores: [4, 4, 4, 4, 4, 5, 5, 5, 5, 5] }, 8, casesForTestSide, 0.025);
    expect(advice.detectable).toBeCloseTo(0.862, 3);
    expect(advice.testCasesForHalfPoint).toBe(20);
    expect(advice.casesForHalfPoint).toBe(48);
  });

  it('paired differences from an earlier comparison set the spread (1,0,1,1,0,1,2,0: s = 0.707): 0.817 at a first test, 0.947 at a second', () => {
    const differences = [1, 0, 1, 1, 0, 1, 2, 0];
    const first = powerAdvice({ scores: [1, 2, 3, 4, 5], differences }, 8, casesForTestSide, 0.025);
    expect(first.spreadFrom).toBe('paired differences');
    expect(first.diffSd).toBeCloseTo(Math.SQRT1_2, 6);
    expect(first.detectable).toBeCloseTo(0.817, 3);
    expect(first.testCasesForHalfPoint).toBe(18);
    expect(powerAdvice({ scores: [], differences }, 8, casesForTestSide, 0.0125).detectable).toBeCloseTo(0.947, 3);
  });

  it('no spread yet (one score, or all alike): the figures are unknown, not zero', () => {
    expect(powerAdvice({ scores: [3, 3, 3] }, 4, casesForTestSide, 0.025).detectable).toBeNaN();
    expect(powerAdvice({ scores: [3] }, 4, casesForTestSide, 0.025).casesForHalfPoint).toBeNaN();
    expect(powerAdvice({ scores: [3, 3], differences: [1, 1] }, 4, casesForTestSide, 0.025).detectable).toBeNaN();
  });
});
