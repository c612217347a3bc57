import { describe, expect, it } from 'vitest';
import { TEST_SET_CASES_MAX } from '@prompt-perfect/core/api/prove';
import { appendCases, nextCaseId, testSetProblem } from './testCases';

describe('test cases', () => {
  it('new ids never clash with kept ones', () => {
    expect(nextCaseId([])).toBe('c1');
    expect(
      nextCaseId([
        { id: 'c2', input: 'a' },
        { id: 'c3', input: 'b' },
      ]),
    ).toBe('c4');
    expect(
      appendCases(
        [
          { id: 'c1', input: 'kept' },
          { id: 'c2', input: ' ' },
        ],
        [{ input: 'new' }, { input: 'newer' }],
      ).map((c) => c.id),
    ).toEqual(['c1', 'c2', 'c3']);
  });

  it('a set that cannot be saved says why', () => {
    const ok = { name: 'Set', rubric: '', cases: [{ id: 'c1', input: 'x' }] };
    expect(testSetProblem(ok)).toBeNull();
    expect(testSetProblem({ ...ok, name: ' ' })).toBe('Give the test set a name.');
    expect(testSetProblem({ ...ok, cases: [] })).toBe('Add at least one test case.');
    expect(testSetProblem({ ...ok, cases: [...ok.cases, { id: 'c2', input: '' }] })).toBe('Case 2 has no input.');
    const many = Array.from({ length: TEST_SET_CASES_MAX + 1 }, (_, i) => ({ id: `c${i}`, input: 'x' }));
    expect(testSetProblem({ ...ok, cases: many })).toContain(`at most ${TEST_SET_CASES_MAX} cases`);
  });
});
