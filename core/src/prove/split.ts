/** A deterministic train/held-out split: the optimizer reads only training cases, the accept rule only held-out ones. */
import type { TestCase } from '../api/prove';
import { ProveInputError } from './parse';
import { seededRandom, shuffled } from './random';

export interface CaseSplit {
  train: TestCase[];
  heldOut: TestCase[];
}

/** Fewer cases than this cannot be split into two useful halves. */
export const SPLIT_MIN_CASES = 4;

/** Half the cases (rounded up) are held out, chosen by the seed; each side keeps the set's order. */
export function splitCases(cases: readonly TestCase[], seed: number): CaseSplit {
  if (cases.length < SPLIT_MIN_CASES) throw new ProveInputError(`An optimization needs at least ${SPLIT_MIN_CASES} test cases (half are held out).`);
  const heldOutCount = Math.ceil(cases.length / 2);
  const heldOutIds = new Set(
    shuffled(
      cases.map((c) => c.id),
      seededRandom(seed),
    ).slice(0, heldOutCount),
  );
  return { train: cases.filter((c) => !heldOutIds.has(c.id)), heldOut: cases.filter((c) => heldOutIds.has(c.id)) };
}
