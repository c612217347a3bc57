/** Typed calls for the [prove] contract (core/api/prove): test sets, evaluations, optimizations. */
import type {
  DraftTestSetRequest,
  DraftTestSetResponse,
  EvaluationEvent,
  EvaluationRequest,
  EvaluationResult,
  OptimizationEstimate,
  OptimizationEvent,
  OptimizationRequest,
  OptimizationResult,
  TestSet,
  TestSetInput,
  TestSetSummary,
} from '@prompt-perfect/core/api/prove';
import { apiRequest, apiResponse } from './client';
import { type EventStreamOptions, postEventStream } from './eventStream';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isError = (type: string, p: Record<string, unknown>) => type === 'error' && typeof p.error === 'string';

export const draftTestSet = (request: DraftTestSetRequest, signal?: AbortSignal) =>
  apiRequest<DraftTestSetResponse>('/api/test-sets/draft', { body: request, signal });

export const listTestSets = async (signal?: AbortSignal) =>
  (await apiRequest<{ items: TestSetSummary[] }>('/api/test-sets', { signal })).items;

export const fetchTestSet = (id: number, signal?: AbortSignal) =>
  apiRequest<TestSet>(`/api/test-sets/${id}`, { signal });

export const createTestSet = (input: TestSetInput) => apiRequest<TestSet>('/api/test-sets', { body: input });

export const updateTestSet = (id: number, input: TestSetInput) =>
  apiRequest<TestSet>(`/api/test-sets/${id}`, { method: 'PUT', body: input });

export async function deleteTestSet(id: number): Promise<void> {
  await apiResponse(`/api/test-sets/${id}`, { method: 'DELETE' });
}

/** Runs the prompt on every case; `onEvent` sees each judged case as it arrives. */
export async function runEvaluation(
  request: EvaluationRequest,
  options: EventStreamOptions<EvaluationEvent> = {},
): Promise<EvaluationResult> {
  const done = await postEventStream<EvaluationEvent>(
    '/api/evaluations',
    request,
    {
      accepts: (type, p) =>
        (type === 'case' && isObject(p.result)) || (type === 'done' && isObject(p.evaluation)) || isError(type, p),
      doneFromJson: (body) =>
        isObject(body) && isObject(body.summary)
          ? { type: 'done', evaluation: body as unknown as EvaluationResult }
          : undefined,
    },
    options,
  );
  return done.evaluation;
}

/** What an optimization would cost at most, before it starts. */
export const estimateOptimization = (request: OptimizationRequest, signal?: AbortSignal) =>
  apiRequest<OptimizationEstimate>('/api/optimizations/estimate', { body: request, signal });

/** Proposes, scores and keeps or rejects edits round by round until a limit or Stop (abort), then tests the last version. */
export async function runOptimization(
  request: OptimizationRequest,
  options: EventStreamOptions<OptimizationEvent> = {},
): Promise<OptimizationResult> {
  const done = await postEventStream<OptimizationEvent>(
    '/api/optimizations',
    request,
    {
      accepts: (type, p) =>
        ((type === 'scoring' || type === 'testing') && typeof p.done === 'number' && typeof p.total === 'number') ||
        (type === 'started' && isObject(p.estimate)) ||
        (type === 'round' && isObject(p.round)) ||
        (type === 'done' && isObject(p.result)) ||
        isError(type, p),
      doneFromJson: (body) =>
        isObject(body) && Array.isArray(body.rounds)
          ? { type: 'done', result: body as unknown as OptimizationResult }
          : undefined,
    },
    options,
  );
  return done.result;
}
