/** zod schemas of the [prove] request bodies, within core's limits (validate.ts turns issues into one sentence). */
import { z } from 'zod';
import {
  DRAFT_CASES_MAX,
  DRAFT_CASES_MIN,
  RUBRIC_MAX,
  TEST_CASE_INPUT_MAX,
  TEST_SET_CASES_MAX,
  TEST_SET_NAME_MAX,
} from '@prompt-perfect/core/api/prove';
import { RUN_INPUT_MAX } from '@prompt-perfect/core/api/account';
import { text } from '../../http/validate';

const provider = z.enum(['openai', 'anthropic'], { message: "must be 'openai' or 'anthropic'." });
const model = text().pipe(z.string().max(200));
const id = z.number({ message: 'must be a number.' }).int().positive();
const prompt = text().pipe(z.string().max(RUN_INPUT_MAX));

const TestCaseSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be 1-40 letters, digits, - or _.' }),
  input: text().pipe(z.string().max(TEST_CASE_INPUT_MAX)),
  expected: z.string().max(TEST_CASE_INPUT_MAX).optional(),
});

export const TestSetInputSchema = z.strictObject({
  name: text().pipe(z.string().max(TEST_SET_NAME_MAX)),
  prompt: z.string().max(RUN_INPUT_MAX),
  rubric: text().pipe(z.string().max(RUBRIC_MAX)),
  cases: z
    .array(TestCaseSchema)
    .max(TEST_SET_CASES_MAX)
    .refine((cases) => new Set(cases.map((c) => c.id)).size === cases.length, {
      message: 'must not repeat a case id.',
    }),
});

const ModelChoice = { provider, model };

export const DraftSchema = z.strictObject({
  ...ModelChoice,
  task: text().pipe(z.string().max(RUN_INPUT_MAX)),
  count: z.number().int().min(DRAFT_CASES_MIN).max(DRAFT_CASES_MAX).optional(),
});

export const EvaluationSchema = z.strictObject({
  ...ModelChoice,
  testSetId: id,
  prompt,
  judge: z.strictObject(ModelChoice),
  limits: z.strictObject({ maxCostUsd: z.number().positive().max(1_000) }).optional(),
});

export const OptimizationSchema = EvaluationSchema.extend({
  limits: z.strictObject({
    maxRounds: z.number().int().min(1).max(50),
    maxTokens: z.number().int().min(1).max(50_000_000),
    maxCostUsd: z.number().positive().max(1_000),
  }),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
  historyId: id.optional(),
});
