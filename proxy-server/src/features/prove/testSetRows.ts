/** [prove] rows as the database stores them (db/schema.ts), and how they become the API's shapes. */
import type { CaseSplitRecord, TestCase, TestSet, TestSetInput, TestSetSummary } from '@prompt-perfect/core/api/prove';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';

/** `cases` and `split` (a CaseSplitRecord) are JSON text. */
type TestSetRow = Omit<Selectable<Database['test_sets']>, 'user_id'>;

export const toTestSet = (r: TestSetRow): TestSet => ({
  id: r.id,
  name: r.name,
  prompt: r.prompt,
  rubric: r.rubric,
  cases: JSON.parse(r.cases) as TestCase[],
  split: JSON.parse(r.split) as CaseSplitRecord,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const toTestSetSummary = (r: TestSetRow): TestSetSummary => ({
  id: r.id,
  name: r.name,
  caseCount: (JSON.parse(r.cases) as unknown[]).length,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The columns a save writes. */
export const testSetColumns = (input: TestSetInput, now: number) => ({
  name: input.name,
  prompt: input.prompt,
  rubric: input.rubric,
  cases: JSON.stringify(input.cases),
  updated_at: now,
});
