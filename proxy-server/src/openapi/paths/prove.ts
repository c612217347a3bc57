/** [prove] test sets, evaluations and optimizations. */
import { z } from 'zod';
import { DRAFT_CASES_MAX, DRAFT_CASES_MIN } from '@prompt-perfect/core/api/prove';
import { SPLIT_MIN_CASES } from '@prompt-perfect/core/prove/split';
import { DraftSchema, EvaluationSchema, OptimizationSchema, TestSetInputSchema } from '../../features/prove/schemas';
import type { Operation } from '../operation';
import {
  DraftSchema as DraftAnswerSchema,
  EvaluationEstimateSchema,
  EvaluationResultSchema,
  OptimizationEstimateSchema,
  OptimizationResultSchema,
  TestSetListSchema,
  TestSetSchema,
} from '../responses';

const idParams = z.object({
  id: z.string().regex(/^\d+$/).meta({ description: 'The id the list gives.', example: '7' }),
});
const TEST_SET = {
  name: 'Help desk',
  prompt: 'Answer customer questions for our hiking shop.',
  rubric: 'The answer is valid JSON only.\nThe answer is at most 40 words.',
  cases: [
    { id: 'c1', input: 'Do you ship tents abroad?' },
    { id: 'c2', input: 'Which boots for mud?', expected: 'A boot model\nWhy it suits mud' },
  ],
};
const EVALUATION = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  testSetId: 7,
  prompt: 'Answer customer questions for our hiking shop.',
  judge: { provider: 'openai', model: 'gpt-4o' },
};
const OPTIMIZATION = { ...EVALUATION, limits: { maxRounds: 6, maxTokens: 200000, maxCostUsd: 0.5 }, seed: 1 };
const RUN_REFUSALS = {
  404: 'No test set with that id in your account.',
  429: 'Too many requests, the estimate is over what is left of the daily budget, or too many runs at once.',
  502: 'The model or the judge failed, or answered something unusable.',
  503: 'A provider has no key on this server.',
};
const NOT_FOUND = { 404: 'No test set with that id in your account.' };

export const proveOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/test-sets/draft',
    tag: 'Prove',
    summary: `Ask a model for ${DRAFT_CASES_MIN}-${DRAFT_CASES_MAX} test cases and a rubric (nothing saved)`,
    access: 'sessionOrToken',
    body: DraftSchema,
    bodyExample: {
      provider: 'openai',
      model: 'gpt-4o-mini',
      task: 'Answer customer questions for our hiking shop.',
      count: 10,
    },
    ok: { status: 200, description: 'The drafted rubric and cases.', schema: DraftAnswerSchema },
    errors: { 400: 'A field is missing or out of range.', 502: 'The model answered something unusable.' },
  },
  {
    method: 'get',
    path: '/api/test-sets',
    tag: 'Prove',
    summary: 'Your test sets',
    access: 'sessionOrToken',
    ok: { status: 200, description: 'Each set with its number of cases.', schema: TestSetListSchema },
  },
  {
    method: 'post',
    path: '/api/test-sets',
    tag: 'Prove',
    summary: 'Save a test set',
    access: 'sessionOrToken',
    body: TestSetInputSchema,
    bodyExample: TEST_SET,
    ok: { status: 201, description: 'Saved.', schema: TestSetSchema },
    errors: { 400: 'A field is missing, too long, or a case id repeats.' },
  },
  {
    method: 'get',
    path: '/api/test-sets/{id}',
    tag: 'Prove',
    summary: 'One test set',
    access: 'sessionOrToken',
    params: idParams,
    ok: { status: 200, description: 'The set with its cases.', schema: TestSetSchema },
    errors: NOT_FOUND,
  },
  {
    method: 'put',
    path: '/api/test-sets/{id}',
    tag: 'Prove',
    summary: 'Replace a test set',
    access: 'sessionOrToken',
    params: idParams,
    body: TestSetInputSchema,
    bodyExample: TEST_SET,
    ok: { status: 200, description: 'Saved.', schema: TestSetSchema },
    errors: { 400: 'A field is missing, too long, or a case id repeats.', ...NOT_FOUND },
  },
  {
    method: 'delete',
    path: '/api/test-sets/{id}',
    tag: 'Prove',
    summary: 'Delete a test set',
    access: 'sessionOrToken',
    params: idParams,
    ok: { status: 204, description: 'Deleted.' },
    errors: NOT_FOUND,
  },
  {
    method: 'post',
    path: '/api/evaluations/estimate',
    tag: 'Prove',
    summary: "An evaluation's upper-bound cost, before it runs",
    access: 'sessionOrToken',
    body: EvaluationSchema,
    bodyExample: EVALUATION,
    ok: { status: 200, description: 'Tokens and US dollars at most.', schema: EvaluationEstimateSchema },
    errors: { 400: 'A field is missing or out of range.', ...NOT_FOUND },
  },
  {
    method: 'post',
    path: '/api/evaluations',
    tag: 'Prove',
    summary: 'Evaluate a prompt on every case of a test set',
    description:
      "A judge model, chosen separately, scores each answer 1-5 with a one-line critique. `summary.low`/`high` is the 95% interval of the mean (Student's t). Refused when its upper bound is over what is left of the daily budget; `limits.maxCostUsd` stops it early.",
    access: 'sessionOrToken',
    body: EvaluationSchema,
    bodyExample: EVALUATION,
    ok: {
      status: 200,
      description: 'The scores (when the caller does not accept text/event-stream).',
      schema: EvaluationResultSchema,
    },
    stream: '`case` events as cases finish ({done, total, result}), then `done` ({evaluation}) or `error`.',
    errors: { 400: 'A field is missing, or the set has no cases.', ...RUN_REFUSALS },
  },
  {
    method: 'post',
    path: '/api/optimizations/estimate',
    tag: 'Prove',
    summary: "An optimization's split and upper-bound cost, before it runs",
    access: 'sessionOrToken',
    body: OptimizationSchema,
    bodyExample: OPTIMIZATION,
    ok: {
      status: 200,
      description: 'Which cases train, validate and test, and the most it can cost.',
      schema: OptimizationEstimateSchema,
    },
    errors: { 400: `A field is missing, or the set has fewer than ${SPLIT_MIN_CASES} cases.`, ...NOT_FOUND },
  },
  {
    method: 'post',
    path: '/api/optimizations',
    tag: 'Prove',
    summary: 'Optimize a prompt on a test set, within limits',
    description: `The cases are split (seeded) into training (shown to the proposer), validation (an edit passes when its paired 80% interval is above zero) and test cases (used once, at the end: the result calls the final version better only when the paired 95% interval is above zero). A set needs at least ${SPLIT_MIN_CASES} cases; 40% of them (rounded up) are held out for the test and 30% for validation. It stops at \`maxRounds\`, \`maxTokens\` or \`maxCostUsd\`, at a perfect validation score, or when the caller closes the connection.`,
    access: 'sessionOrToken',
    body: OptimizationSchema,
    bodyExample: OPTIMIZATION,
    ok: {
      status: 200,
      description: 'The result (when the caller does not accept text/event-stream).',
      schema: OptimizationResultSchema,
    },
    stream: '`scoring`, `started`, one `round` per round, `testing`, then `done` ({result}) or `error`.',
    errors: { 400: `A field is missing, or the set has fewer than ${SPLIT_MIN_CASES} cases.`, ...RUN_REFUSALS },
  },
];
