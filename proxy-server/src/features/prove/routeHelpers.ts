/** What the [prove] routes share: loading the caller's test set, the run's abort signal, error mapping. */
import type { Request, Response } from 'express';
import type { EvaluationEstimate, ModelChoice, TestSet } from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { evaluationOverBudget } from '@prompt-perfect/core/messages';
import { estimateEvaluation } from '@prompt-perfect/core/prove/cost';
import { ProveAnswerError, ProveInputError } from '@prompt-perfect/core/prove/parse';
import { BadRequest, HttpError, NotFound, TooManyRequests, UpstreamError } from '../../http/httpError';
import type { ModelList } from '../models/models';
import type { Providers } from '../../providers/providers';
import type { DailyBudget } from '../runs/dailyBudget';
import type { Payer } from '../runs/payer';
import { ProviderError } from '../../providers/providerError';
import { checkModelAndKey } from '../runs/generateRoutes';
import type { TestSetStore } from './testSets';

export const TEST_SET_NOT_FOUND = 'That test set is not in your account (it may have been deleted).';

export async function loadTestSet(store: TestSetStore, userId: string, id: number): Promise<TestSet> {
  const set = await store.get(userId, id);
  if (!set) throw new NotFound(TEST_SET_NOT_FOUND);
  return set;
}

export function checkModels(
  providers: Providers,
  models: ModelList,
  testModel: string,
  ...choices: ModelChoice[]
): void {
  for (const c of choices) checkModelAndKey(providers, models, testModel, c.provider, c.model);
}

/** An evaluation's upper-bound cost: every case answered and judged once, each at its cap. */
export function evaluationEstimate(
  run: { prompt: string; model: string; judge: ModelChoice },
  set: TestSet,
): EvaluationEstimate {
  return estimateEvaluation({
    prompt: run.prompt,
    rubric: set.rubric,
    cases: set.cases,
    answerPrice: priceOf(run.model),
    judgePrice: priceOf(run.judge.model),
  });
}

/** 429 with the reason when nothing is left today, or the estimate is more than what is left. */
export async function refuseOverBudget(budget: DailyBudget, payer: Payer, estimate: EvaluationEstimate) {
  await budget.check(payer);
  const left = await budget.left(payer);
  if (estimate.costUsd > left)
    throw new TooManyRequests(evaluationOverBudget(estimate.costUsd, left), { code: 'budget_spent' });
}

/** Aborted when the client closes the response before it is finished: Stop. */
export function runSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The error as the client should see it: a 400 for input the caller can fix, 502 for an unusable model answer. */
export function proveError(err: unknown): unknown {
  if (err instanceof ProveInputError) return new BadRequest(err.message);
  if (err instanceof ProveAnswerError) return new UpstreamError(err.message);
  return err;
}

export function messageOf(err: unknown, req: Request): string {
  const e = proveError(err);
  if (e instanceof HttpError || e instanceof ProviderError) return e.message;
  req.log?.error({ err: e }, '[prove] run failed');
  return 'Something went wrong on the server. Please try again later.';
}
