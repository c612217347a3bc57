/** The two decisions against hand-worked intervals (Student's t, two-sided 95%). */
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/api/prove';
import { decideKeep, testVerdict } from '../../src/prove/acceptRule';
import { planTest } from '../../src/prove/testBudget';

const results = (scores: number[]): CaseResult[] =>
  scores.map((score, i) => ({ caseId: `c${i + 1}`, answer: `a${i + 1}`, score, critique: '' }));

/** The budget of a test on `n` cases that have had `earlier` tests each. */
const budget = (n: number, earlier = 0) => {
  const cases = Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, input: '' }));
  return planTest(cases, Object.fromEntries(cases.map((c) => [c.id, { side: 'test' as const, tests: earlier }])));
};

describe('decideKeep (validation, round by round: an 80% interval, a screen)', () => {
  it('a gain of 2 on every validation case passes: the interval is exactly [2, 2]', () => {
    const d = decideKeep([2, 2, 3, 2, 2], [4, 4, 5, 4, 4]);
    expect(d).toMatchObject({ kept: true, currentScore: 2.2, candidateScore: 4.2, diffLow: 2, diffHigh: 2 });
    expect(d.reason).toBe('Passed: validation 2.2 → 4.2, difference +2.00 to +2.00 (80%) above zero.');
  });

  it('differences 1,0,0,0,0: mean 0.2, s = 0.4472, t80(4) = 1.533, half-width 0.3066: −0.11 to +0.51 includes zero', () => {
    const d = decideKeep([3, 3, 3, 3, 3], [4, 3, 3, 3, 3]);
    expect(d.kept).toBe(false);
    expect(d.reason).toBe('Rejected: validation 3.0 → 3.2, but the difference −0.11 to +0.51 (80%) includes zero.');
  });

  it('differences 1,1,2 on three cases: s = 0.5774, t80(2) = 1.886, half-width 0.6287: +0.70 to +1.96 passes (at 95%, t = 4.303, it would not)', () => {
    const d = decideKeep([2, 2, 1], [3, 3, 3]);
    expect(d.kept).toBe(true);
    expect(d.diffLow).toBeCloseTo(0.705, 3);
    expect(d.diffHigh).toBeCloseTo(1.962, 3);
  });

  it('no gain, or a loss, is rejected as such; scores in the reason are rounded as in the rows', () => {
    expect(decideKeep([3.75, 4, 3.5, 3.75], [3.75, 4, 3.5, 3.75]).reason).toBe(
      'Rejected: validation 3.8 → 3.8, no gain.',
    );
    expect(decideKeep([4, 4, 4, 4], [3, 3, 3, 3])).toMatchObject({ kept: false, diffLow: -1, diffHigh: -1 });
  });
});

describe('testVerdict (the test cases, once, at the end)', () => {
  it('differences 2,1,1,2,2,1: mean 1.5, s = 0.5477, t(5) = 2.571, interval 0.925 to 2.075: confirmed', () => {
    const v = testVerdict(2, results([2, 3, 2, 3, 2, 3]), results([4, 4, 3, 5, 4, 4]), budget(6));
    expect(v.confirmed).toBe(true);
    expect(v.difference.n).toBe(6);
    expect(v.difference.low).toBeCloseTo(0.925, 3);
    expect(v.difference.high).toBeCloseTo(2.075, 3);
    expect(v.reason).toBe('Better: 2.5 → 4.0 on 6 test cases, difference +0.93 to +2.07 (95%) above zero.');
    expect(v.counted).toBe(true);
  });

  it('the same differences on cases with three earlier tests: a 99.375% interval (t(5) = 4.526, half-width 1.012): 0.488 to 2.512', () => {
    const v = testVerdict(2, results([2, 3, 2, 3, 2, 3]), results([4, 4, 3, 5, 4, 4]), budget(6, 3));
    expect(v.budget).toMatchObject({ earlierTests: 3, level: 0.003125, tooStrict: true });
    expect(v.difference.low).toBeCloseTo(0.488, 3);
    expect(v.reason).toBe('Better: 2.5 → 4.0 on 6 test cases, difference +0.49 to +2.51 (99.38%) above zero.');
  });

  it('differences 1,1,0,1,1,0 (mean 0.667, s = 0.516): better at a first test (95%: +0.12 to +1.21), not at a second (97.5%: t(5) = 3.163, low −0.0002)', () => {
    const start = results([3, 3, 3, 3, 3, 3]);
    const final = results([4, 4, 3, 4, 4, 3]);
    expect(testVerdict(1, start, final, budget(6)).confirmed).toBe(true);
    const second = testVerdict(1, start, final, budget(6, 1));
    expect(second.difference.low).toBeCloseTo(-0.0002, 4);
    expect(second.confirmed).toBe(false);
  });

  it('a gain the test cases do not bear out is not proven, and the user keeps their prompt', () => {
    const v = testVerdict(1, results([3, 3, 3, 3, 3]), results([4, 3, 3, 3, 3]), budget(5));
    expect(v.confirmed).toBe(false);
    expect(v.reason).toBe(
      'Not proven better: 3.0 → 3.2 on 5 test cases, difference −0.36 to +0.76 (95%) includes zero. Keep your prompt.',
    );
  });

  it('version 0 (nothing passed validation) reports the starting prompt alone', () => {
    const start = results([3, 4, 3, 4]);
    const v = testVerdict(0, start, start, budget(4));
    expect(v).toMatchObject({ confirmed: false, counted: false, version: 0, startMean: 3.5, finalMean: 3.5 });
    expect(v.reason).toBe('No edit passed validation: your prompt scored 3.5 on 4 test cases.');
  });
});
