/**
 * A test set given on the command line: a saved set's id (run on the server), or a JSON file with a
 * rubric and cases (run locally) - the shape the workspace exports, so an exported set works as is.
 */
import { z } from 'zod';
import { RUBRIC_MAX, TEST_CASE_INPUT_MAX, TEST_SET_CASES_MAX, type TestCase } from '@prompt-perfect/core/api/prove';
import { readText, UsageError } from './input';

const FileSchema = z.object({
  rubric: z.string().trim().min(1).max(RUBRIC_MAX),
  cases: z
    .array(
      z.object({
        id: z.string().max(40).optional(),
        input: z.string().trim().min(1).max(TEST_CASE_INPUT_MAX),
        expected: z.string().optional(),
      }),
    )
    .min(1)
    .max(TEST_SET_CASES_MAX),
});

interface LocalTestSet {
  rubric: string;
  cases: TestCase[];
}

export type TestSetRef = { id: number } | { file: string; set: LocalTestSet };

export async function testSetRef(value: string | undefined): Promise<TestSetRef> {
  if (!value) throw new UsageError('Give --test-set: a saved test set id, or a JSON file with "rubric" and "cases".');
  if (/^\d+$/.test(value)) return { id: Number(value) };
  let json: unknown;
  try {
    json = JSON.parse(await readText(value, 'test set'));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${value} is not JSON: ${(err as Error).message}`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${value}: '${issue.path.join('.') || 'the file'}' ${issue.message}`);
  }
  return {
    file: value,
    set: { rubric: parsed.data.rubric, cases: parsed.data.cases.map((c, i) => ({ ...c, id: c.id ?? `c${i + 1}` })) },
  };
}
