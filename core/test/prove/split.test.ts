import { describe, expect, it } from 'vitest';
import { splitCases } from '../../src/prove/split';

const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, input: `q${i + 1}` }));

describe('splitCases', () => {
  it('holds out half (rounded up), disjoint, covering every case, in the set order', () => {
    const { train, heldOut } = splitCases(cases(11), 3);
    expect(heldOut).toHaveLength(6);
    expect(train).toHaveLength(5);
    const ids = [...train, ...heldOut].map((c) => c.id).sort();
    expect(ids).toEqual(
      cases(11)
        .map((c) => c.id)
        .sort(),
    );
    expect(heldOut.map((c) => Number(c.id.slice(1)))).toEqual([...heldOut.map((c) => Number(c.id.slice(1)))].sort((a, b) => a - b));
  });

  it('the same seed gives the same split; another seed another one', () => {
    expect(splitCases(cases(10), 1)).toEqual(splitCases(cases(10), 1));
    const seeds = new Set([1, 2, 3, 4, 5].map((s) => JSON.stringify(splitCases(cases(10), s).heldOut.map((c) => c.id))));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('fewer than four cases cannot be split', () => {
    expect(() => splitCases(cases(3), 1)).toThrow('An optimization needs at least 4 test cases (half are held out).');
  });
});
