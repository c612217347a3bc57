import {
  RUBRIC_MAX,
  TEST_CASE_INPUT_MAX,
  TEST_SET_CASES_MAX,
  TEST_SET_NAME_MAX,
  type TestCase,
} from '@prompt-perfect/core/api/prove';

/** An id not yet used in `cases` ("c1", "c2", ...). */
export function nextCaseId(cases: TestCase[]): string {
  const used = new Set(cases.map((c) => c.id));
  let n = cases.length + 1;
  while (used.has(`c${n}`)) n++;
  return `c${n}`;
}

/** `added` appended to `cases` with fresh ids; blank cases (an untouched new row) are dropped first. */
export function appendCases(cases: TestCase[], added: Array<Omit<TestCase, 'id'>>): TestCase[] {
  const result = cases.filter((c) => c.input.trim() !== '' || (c.expected ?? '').trim() !== '');
  for (const c of added) result.push({ ...c, id: nextCaseId(result) });
  return result;
}

export interface TestSetDraft {
  name: string;
  rubric: string;
  cases: TestCase[];
}

/** What stops the set being saved, as the user should read it; null when it can be saved. */
export function testSetProblem({ name, rubric, cases }: TestSetDraft): string | null {
  if (name.trim() === '') return 'Give the test set a name.';
  if (name.length > TEST_SET_NAME_MAX) return `The name is longer than ${TEST_SET_NAME_MAX} characters.`;
  if (rubric.length > RUBRIC_MAX) return `The rubric is longer than ${RUBRIC_MAX} characters.`;
  if (cases.length === 0) return 'Add at least one test case.';
  if (cases.length > TEST_SET_CASES_MAX)
    return `A test set holds at most ${TEST_SET_CASES_MAX} cases; this one has ${cases.length}.`;
  const empty = cases.findIndex((c) => c.input.trim() === '');
  if (empty !== -1) return `Case ${empty + 1} has no input.`;
  const long = cases.findIndex((c) => c.input.length > TEST_CASE_INPUT_MAX);
  if (long !== -1) return `Case ${long + 1} is longer than ${TEST_CASE_INPUT_MAX} characters.`;
  return null;
}
