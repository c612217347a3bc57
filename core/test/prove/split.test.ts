import { describe, expect, it } from 'vitest';
import type { CaseSplitRecord } from '../../src/api/prove';
import { assignSides, casesForTestSide, SPLIT_MIN_CASES, splitCases, splitSizes } from '../../src/prove/split';

const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, input: `q${i + 1}` }));
const ids = (xs: { id: string }[]) => xs.map((c) => c.id);
const sidesOf = (record: CaseSplitRecord) => Object.fromEntries(Object.entries(record).map(([id, r]) => [id, r.side]));

describe('splitCases', () => {
  it('40% test and 30% validation rounded up, training the rest: 10 -> 3/3/4, 20 -> 6/6/8, 9 -> 2/3/4', () => {
    expect(splitSizes(10)).toEqual({ train: 3, validation: 3, test: 4 });
    expect(splitSizes(20)).toEqual({ train: 6, validation: 6, test: 8 });
    expect(splitSizes(9)).toEqual({ train: 2, validation: 3, test: 4 });
    // 155 * 0.4 is 62.00000000000001 in floating point; the split counts in integers.
    expect(splitSizes(155).test).toBe(62);
  });

  it('three disjoint sides covering every case, each in the set order', () => {
    const { train, validation, test } = splitCases(cases(11), assignSides(cases(11)));
    // 11 cases: test ceil(4.4) = 5, validation ceil(3.3) = 4, training the other 2.
    expect([train.length, validation.length, test.length]).toEqual([2, 4, 5]);
    expect([...ids(train), ...ids(validation), ...ids(test)].sort()).toEqual(ids(cases(11)).sort());
    for (const side of [train, validation, test]) {
      const order = side.map((c) => Number(c.id.slice(1)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('fixed by the case ids: the same cases give the same split however they are ordered, other ids another one', () => {
    const record = assignSides(cases(10));
    expect(assignSides([...cases(10)].reverse())).toEqual(record);
    expect(splitCases(cases(10), record)).toEqual(splitCases(cases(10), assignSides(cases(10))));
    const renamed = cases(10).map((c) => ({ ...c, id: `x${c.id}` }));
    expect(ids(splitCases(renamed, assignSides(renamed)).test).map((id) => id.slice(1))).not.toEqual(
      ids(splitCases(cases(10), record).test),
    );
  });

  it('a rerun keeps every side, and new cases join the short sides without moving an old one', () => {
    const first = assignSides(cases(10));
    // 10 -> 15 cases: the shares become 6 test, 5 validation, 4 training, from 4/3/3.
    const grown = assignSides(cases(15), first);
    for (const [id, side] of Object.entries(sidesOf(first))) expect(grown[id].side).toBe(side);
    const { train, validation, test } = splitCases(cases(15), grown);
    expect([train.length, validation.length, test.length]).toEqual([4, 5, 6]);
    // Test counts travel with the cases.
    const counted = { ...first, c1: { ...first.c1, tests: 2 } };
    expect(assignSides(cases(12), counted).c1).toEqual({ side: first.c1.side, tests: 2 });
  });

  it('a side left short by deleted cases is refilled by new cases, and said so until then', () => {
    // 14 cases: 6 test, 5 validation, 3 training; all test cases but one are deleted (9 left).
    const first = assignSides(cases(14));
    const testIds = new Set(ids(splitCases(cases(14), first).test));
    const kept = cases(14).filter((c) => !testIds.has(c.id) || c.id === [...testIds][0]);
    expect(() => splitCases(kept, assignSides(kept, first))).toThrow(
      /This set's test side has 1 cases, 3 needed .* add 2 or more new cases\./,
    );
    // Three new cases (12 in all: shares 5/4/3) all go to the short test side.
    const refilled = [...kept, ...cases(17).slice(14)];
    const record = assignSides(refilled, first);
    expect(splitCases(refilled, record).test.length).toBe(4);
    for (const c of kept) expect(record[c.id].side).toBe(first[c.id].side);
  });

  it('with too few cases for three sides it says so and how many are needed', () => {
    expect(SPLIT_MIN_CASES).toBe(9);
    expect(() => splitCases(cases(8), assignSides(cases(8)))).toThrow(
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
