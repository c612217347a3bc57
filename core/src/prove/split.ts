/**
 * The three-way split is the test set's own, not a run's. Training cases are shown to the proposer;
 * validation cases decide whether an edit passes; test cases are used only at the end, for the
 * headline, so the figure a user sees was not also used to pick the winner. A case keeps its side
 * for good (the set's CaseSplitRecord), so a rerun never trains on the last run's test cases; new
 * cases join the sides that are short of their share, in the order of a hash of their ids.
 */
import type { CaseSide, CaseSplitRecord, TestCase } from '../api/prove';
import { ProveInputError } from './parse';

export interface CaseSplit {
  train: TestCase[];
  validation: TestCase[];
  test: TestCase[];
}

/** The fewest cases per side that make a split worth running: a paired interval needs a few pairs. */
const MINIMUM: Record<CaseSide, number> = { train: 2, validation: 3, test: 3 };
export const MIN_TEST_CASES = MINIMUM.test;

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
    if (s.train >= MINIMUM.train && s.validation >= MINIMUM.validation && s.test >= MINIMUM.test) return n;
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

/** FNV-1a of the id: where a new case stands in the queue for a side, the same on every machine. */
function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Sides in the order a tie is broken: the test side first, as it needs the most. */
const SIDES: readonly CaseSide[] = ['test', 'validation', 'train'];

/** The side furthest below its share of `total` cases. */
function shortestSide(counts: Record<CaseSide, number>, total: number): CaseSide {
  const target = splitSizes(total);
  let best: CaseSide = SIDES[0];
  for (const side of SIDES) if (target[side] - counts[side] > target[best] - counts[best]) best = side;
  return best;
}

/**
 * The set's split for its current cases: a case the record knows keeps its side and its test count;
 * each new case, taken in the order of its id's hash, joins the side furthest below its share.
 * Cases the record knows but the set no longer has are left out (the stored record keeps them).
 */
export function assignSides(cases: readonly TestCase[], record: CaseSplitRecord = {}): CaseSplitRecord {
  const out: CaseSplitRecord = {};
  const counts: Record<CaseSide, number> = { train: 0, validation: 0, test: 0 };
  const fresh: string[] = [];
  for (const c of cases) {
    const known = record[c.id];
    if (known) {
      out[c.id] = { ...known };
      counts[known.side] += 1;
    } else fresh.push(c.id);
  }
  fresh.sort((a, b) => idHash(a) - idHash(b) || (a < b ? -1 : 1));
  for (const id of fresh) {
    const side = shortestSide(counts, cases.length);
    out[id] = { side, tests: 0 };
    counts[side] += 1;
  }
  return out;
}

/** How many of `added` new cases would join the test side of a split with these side counts. */
export function newTestCases(counts: Record<CaseSide, number>, added: number): number {
  const c = { ...counts };
  let total = c.train + c.validation + c.test;
  for (let i = 0; i < added; i++) c[shortestSide(c, ++total)] += 1;
  return c.test - counts.test;
}

const SIDE_NAMES: Record<CaseSide, string> = { train: 'training', validation: 'validation', test: 'test' };

/** The cases on each side of the set's split (`record` from assignSides); each side keeps the set's order. */
export function splitCases(cases: readonly TestCase[], record: CaseSplitRecord): CaseSplit {
  if (cases.length < SPLIT_MIN_CASES) throw new ProveInputError(tooFewCasesMessage(cases.length));
  const on = (side: CaseSide) => cases.filter((c) => record[c.id]?.side === side);
  const split = { train: on('train'), validation: on('validation'), test: on('test') };
  for (const side of SIDES) {
    const short = MINIMUM[side] - split[side].length;
    if (short > 0)
      throw new ProveInputError(
        `This set's ${SIDE_NAMES[side]} side has ${split[side].length} cases, ${MINIMUM[side]} needed (cases keep their side across runs, so a rerun never learns from earlier test cases): add ${short} or more new cases.`,
      );
  }
  return split;
}
