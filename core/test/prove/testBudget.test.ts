/** Alpha spending over the tests a set's test cases have had, and the fresh cases that restore a budget. */
import { describe, expect, it } from 'vitest';
import type { CaseSplitRecord, TestCase } from '../../src/api/prove';
import { testVerdict } from '../../src/prove/acceptRule';
import { assignSides, splitCases } from '../../src/prove/split';
import { countTest, planTest, testLevel } from '../../src/prove/testBudget';

const cases = (from: number, to: number): TestCase[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: `c${from + i}`, input: `q${from + i}` }));
const onTest = (xs: TestCase[], tests: number): CaseSplitRecord =>
  Object.fromEntries(xs.map((c) => [c.id, { side: 'test' as const, tests }]));

describe('the level of each next test on the same test cases', () => {
  it('0.05 * 2^-k: 2.5%, 1.25%, 0.625%, ...; all of them together stay under 5%', () => {
    expect([1, 2, 3, 4].map(testLevel)).toEqual([0.025, 0.0125, 0.00625, 0.003125]);
    let total = 0;
    for (let k = 1; k <= 30; k++) total += testLevel(k);
    expect(total).toBeLessThan(0.05);
    expect(total).toBeGreaterThan(0.0499);
  });

  it('a first test is a 95% interval; the third a 98.75% one; each says how many tests came before', () => {
    const six = cases(1, 6);
    expect(planTest(six, onTest(six, 0))).toMatchObject({ earlierTests: 0, level: 0.025, confidence: 0.95 });
    expect(planTest(six, {}).note).toBe(
      'The first test on these 6 test cases: this one is called better only at a one-sided level of 2.5% (a 95% interval above zero), so all tests on them together claim a false win at most 5% of the time.',
    );
    const third = planTest(six, onTest(six, 2));
    expect(third).toMatchObject({ earlierTests: 2, level: 0.00625, confidence: 0.9875, tooStrict: false });
    expect(third.note).toMatch(/^These 6 test cases have had 2 tests: .*0\.625% \(a 98\.75% interval above zero\)/);
  });

  it('from the fourth test on it is too strict to be useful: it says so and how many fresh cases to add', () => {
    const sides = assignSides(cases(1, 16));
    const record = Object.fromEntries(Object.entries(sides).map(([id, r]) => [id, { ...r, tests: 3 }]));
    const plan = planTest(splitCases(cases(1, 16), record).test, record);
    expect(plan).toMatchObject({ earlierTests: 3, level: 0.003125, tooStrict: true });
    expect(plan.note).toContain('too strict to find most real gains. Add');
    expect(plan.note).toContain('fresh cases (Draft writes some): the new test cases get a 5% budget of their own.');
    // Adding that many puts at least as many fresh cases on the test side as the test uses now.
    const grown = cases(1, 16 + plan.freshCasesToAdd);
    const after = assignSides(grown, record);
    const fresh = splitCases(grown, after).test.filter((c) => after[c.id].tests === 0);
    expect(fresh.length).toBeGreaterThanOrEqual(plan.caseIds.length);
    const next = planTest(splitCases(grown, after).test, after);
    expect(next).toMatchObject({ earlierTests: 0, level: 0.025, tooStrict: false });
    expect(next.caseIds).toEqual(fresh.map((c) => c.id));
  });

  it('fresh test cases are tested alone only when there are at least 3 of them; else every test case at the strictest level', () => {
    const old = cases(1, 5);
    const two = cases(6, 7);
    const plan = planTest([...old, ...two], { ...onTest(old, 2), ...onTest(two, 0) });
    expect(plan).toMatchObject({ earlierTests: 2, level: 0.00625 });
    expect(plan.caseIds).toHaveLength(7);
    const three = cases(6, 8);
    const fresh = planTest([...old, ...three], { ...onTest(old, 2), ...onTest(three, 0) });
    expect(fresh).toMatchObject({ earlierTests: 0, level: 0.025, caseIds: ['c6', 'c7', 'c8'] });
  });
});

describe('counting a run', () => {
  const six = cases(1, 6);
  const results = (scores: number[]) =>
    scores.map((score, i) => ({ caseId: `c${i + 1}`, answer: '', score, critique: '' }));

  it('a test that compared an edit counts once on the cases it used', () => {
    const record = { ...onTest(six, 0), t1: { side: 'train' as const, tests: 0 } };
    const verdict = testVerdict(1, results([3, 3, 3, 3, 3, 3]), results([3, 4, 3, 3, 4, 3]), planTest(six, record));
    const after = countTest(record, verdict);
    expect(six.map((c) => after[c.id].tests)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(after.t1.tests).toBe(0);
    expect(planTest(six, after).level).toBe(0.0125);
  });

  it('a run where no edit passed validation, or that stopped before its test, is not counted', () => {
    const record = onTest(six, 0);
    const start = results([3, 4, 3, 4, 3, 4]);
    expect(countTest(record, testVerdict(0, start, start, planTest(six, record)))).toEqual(record);
    expect(countTest(record, null)).toEqual(record);
  });
});
