/**
 * Alpha spending over the confirmatory tests a set's test cases have had. Every rerun is one more
 * chance for a prompt that is no better to pass, so the k-th test on the same cases must clear a
 * one-sided false-claim level of 0.05 * 2^-k (0.025, 0.0125, 0.00625, ...): whatever the number of
 * reruns, the chance that any of them wrongly says "better" stays at or under 0.05 (the levels sum to
 * less than 0.05). New test cases start a budget of their own: a test uses only the freshest test
 * cases when there are enough of them.
 */
import type { CaseSide, CaseSplitRecord, TestBudget, TestCase, TestVerdict } from '../api/prove';
import { MIN_TEST_CASES, newTestCases } from './split';

/** The chance of any false "better" over every test on the same test cases stays at or under this. */
const FALSE_CLAIM_BUDGET = 0.05;
/** Under this one-sided level (past the third test: 0.0031 for the fourth) a test misses most real gains. */
const USEFUL_LEVEL_MIN = 0.005;

/** The one-sided level of the `look`-th test on the same cases (1-based). */
export const testLevel = (look: number) => FALSE_CLAIM_BUDGET * 2 ** -look;

/** A level or coverage as the reasons show it: 2.5%, 95%, 97.5%, 98.75%. */
export const percent = (x: number) => `${Number((100 * x).toPrecision(4))}%`;
const tests = (n: number) => `${n} test${n === 1 ? '' : 's'}`;

/** Fresh cases to add so that at least `wanted` new ones join the test side. */
function freshCasesFor(record: CaseSplitRecord, wanted: number): number {
  const counts: Record<CaseSide, number> = { train: 0, validation: 0, test: 0 };
  for (const r of Object.values(record)) counts[r.side] += 1;
  let added = wanted;
  while (newTestCases(counts, added) < wanted) added += 1;
  return added;
}

/**
 * The next confirmatory test on `testSide` (the set's test cases, `record` from assignSides): its
 * cases, its level and whether that level is still useful. When at least MIN_TEST_CASES test cases
 * have had fewer tests than the rest, the test uses those alone, at their own level.
 */
export function planTest(testSide: readonly TestCase[], record: CaseSplitRecord): TestBudget {
  const countOf = (c: TestCase) => record[c.id]?.tests ?? 0;
  const fewest = Math.min(...testSide.map(countOf));
  const freshest = testSide.filter((c) => countOf(c) === fewest);
  const used = freshest.length >= MIN_TEST_CASES ? freshest : testSide;
  const earlierTests = Math.max(...used.map(countOf));
  const level = testLevel(earlierTests + 1);
  const tooStrict = level < USEFUL_LEVEL_MIN;
  const freshCasesToAdd = tooStrict ? freshCasesFor(record, Math.max(MIN_TEST_CASES, used.length)) : 0;
  const confidence = 1 - 2 * level;
  const these = `${used.length} test cases`;
  const history =
    earlierTests === 0 ? `the first test on these ${these}` : `these ${these} have had ${tests(earlierTests)}`;
  const bar = `this one is called better only at a one-sided level of ${percent(level)} (a ${percent(confidence)} interval above zero)`;
  const note = tooStrict
    ? `${capitalize(history)}: ${bar}, too strict to find most real gains. Add ${freshCasesToAdd} fresh cases (Draft writes some): the new test cases get a 5% budget of their own.`
    : `${capitalize(history)}: ${bar}, so all tests on them together claim a false win at most 5% of the time.`;
  return { caseIds: used.map((c) => c.id), earlierTests, level, confidence, tooStrict, freshCasesToAdd, note };
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The record after a run: its test counted on the cases it used. A run whose test compared the
 * starting prompt with itself (no edit passed validation) could not claim anything and is not counted.
 */
export function countTest(record: CaseSplitRecord, verdict: TestVerdict | null): CaseSplitRecord {
  if (!verdict?.counted) return record;
  const out: CaseSplitRecord = { ...record };
  for (const id of verdict.budget.caseIds) {
    const r = out[id];
    if (r) out[id] = { ...r, tests: r.tests + 1 };
  }
  return out;
}
