/**
 * A deterministic three-way split. Training cases are shown to the proposer; validation cases decide
 * whether an edit passes; test cases are used once, at the end, for the headline, so the figure a
 * user sees was not also used to pick the winner.
 */
import type { TestCase } from '../api/prove';
import { ProveInputError } from './parse';
import { seededRandom, shuffled } from './random';

export interface CaseSplit {
  train: TestCase[];
  validation: TestCase[];
  test: TestCase[];
}

/** The fewest cases per side that make a split worth running: a paired interval needs a few pairs. */
const MIN_TRAIN = 2;
const MIN_VALIDATION = 3;
const MIN_TEST = 3;

/** 40% test and 30% validation, each rounded up (in integers, so 155 cases give 62, not 63); training gets the rest. */
export function splitSizes(total: number): { train: number; validation: number; test: number } {
  const test = Math.ceil((total * 2) / 5);
  const validation = Math.ceil((total * 3) / 10);
  return { train: total - test - validation, validation, test };
}

/** The smallest set that gives every side its minimum (9: 2 training, 3 validation, 4 test). */
export const SPLIT_MIN_CASES = (() => {
  for (let n = 1; ; n++) {
    const s = splitSizes(n);
    if (s.train >= MIN_TRAIN && s.validation >= MIN_VALIDATION && s.test >= MIN_TEST) return n;
  }
})();

export const tooFewCasesMessage = (have: number) =>
  `An optimization needs at least ${SPLIT_MIN_CASES} test cases: some to learn from, some to choose with and some to test on (this set has ${have}).`;

/** The fewest cases in all whose split holds `testCases` test cases. */
export function casesForTestSide(testCases: number): number {
  let n = SPLIT_MIN_CASES;
  while (splitSizes(n).test < testCases) n++;
  return n;
}

/** Sides chosen by the seed; each side keeps the set's order. */
export function splitCases(cases: readonly TestCase[], seed: number): CaseSplit {
  if (cases.length < SPLIT_MIN_CASES) throw new ProveInputError(tooFewCasesMessage(cases.length));
  const sizes = splitSizes(cases.length);
  const order = shuffled(
    cases.map((c) => c.id),
    seededRandom(seed),
  );
  const testIds = new Set(order.slice(0, sizes.test));
  const validationIds = new Set(order.slice(sizes.test, sizes.test + sizes.validation));
  return {
    train: cases.filter((c) => !testIds.has(c.id) && !validationIds.has(c.id)),
    validation: cases.filter((c) => validationIds.has(c.id)),
    test: cases.filter((c) => testIds.has(c.id)),
  };
}
