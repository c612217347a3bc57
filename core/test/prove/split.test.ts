import { describe, expect, it } from 'vitest';
import { casesForTestSide, SPLIT_MIN_CASES, splitCases, splitSizes } from '../../src/prove/split';

const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, input: `q${i + 1}` }));
const ids = (xs: { id: string }[]) => xs.map((c) => c.id);

describe('splitCases', () => {
  it('40% test and 30% validation rounded up, training the rest: 10 -> 3/3/4, 20 -> 6/6/8, 9 -> 2/3/4', () => {
    expect(splitSizes(10)).toEqual({ train: 3, validation: 3, test: 4 });
    expect(splitSizes(20)).toEqual({ train: 6, validation: 6, test: 8 });
    expect(splitSizes(9)).toEqual({ train: 2, validation: 3, test: 4 });
    // 155 * 0.4 is 62.00000000000001 in floating point; the split counts in integers.
    expect(splitSizes(155).test).toBe(62);
  });

  it('three disjoint sides covering every case, each in the set order', () => {
    const { train, validation, test } = splitCases(cases(11), 3);
    // 11 cases: test ceil(4.4) = 5, validation ceil(3.3) = 4, training the other 2.
    expect([train.length, validation.length, test.length]).toEqual([2, 4, 5]);
    expect([...ids(train), ...ids(validation), ...ids(test)].sort()).toEqual(ids(cases(11)).sort());
    for (const side of [train, validation, test]) {
      const order = side.map((c) => Number(c.id.slice(1)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('the same seed gives the same split; another seed another one', () => {
    expect(splitCases(cases(10), 1)).toEqual(splitCases(cases(10), 1));
    const seeds = new Set([1, 2, 3, 4, 5].map((s) => JSON.stringify(ids(splitCases(cases(10), s).test))));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('with too few cases for three sides it says so and how many are needed', () => {
    expect(SPLIT_MIN_CASES).toBe(9);
    expect(() => splitCases(cases(8), 1)).toThrow(
      'An optimization needs at least 9 test cases: some to learn from, some to choose with and some to test on (this set has 8).',
    );
  });

  it('cases in all for a test side of a given size: 4 -> 9 (the minimum), 8 -> 18, 63 -> 156', () => {
    expect(casesForTestSide(4)).toBe(9);
    // ceil(2 * 18 / 5) = ceil(7.2) = 8, while 17 gives ceil(6.8) = 7.
    expect(casesForTestSide(8)).toBe(18);
    // ceil(2 * 156 / 5) = ceil(62.4) = 63; 155 gives exactly 62.
    expect(casesForTestSide(63)).toBe(156);
  });
});
