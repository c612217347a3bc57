/**
 * POST /api/evaluations: a prompt on every case of a saved set, each answer judged, streamed as it
 * completes. POST /api/evaluations/estimate answers its upper-bound cost alone; an evaluation whose
 * estimate is over what is left of the user's daily budget is refused, and one with
 * limits.maxCostUsd stops when its calls reach it.
 */
import express, { type RequestHandler, type Router } from 'express';
import {
  EVALUATION_CONCURRENCY,
  type EvaluationEstimate,
  type EvaluationEvent,
  type EvaluationRequest,
  type EvaluationResult,
} from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { evaluationCostLimitReached } from '@prompt-perfect/core/messages';
import { costUsd, totalTokens } from '@prompt-perfect/core/prove/cost';
import type { EvaluationModels } from '@prompt-perfect/core/prove/evaluate';
import { evaluateCases } from '@prompt-perfect/core/prove/evaluate';
import { summarizeScores } from '@prompt-perfect/core/prove/statistics';
import { requireAction } from '../../auth/space';
import { BadRequest } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import { payerOf } from '../runs/payer';
import { proveModels } from './proveModels';
import {
  checkModels,
  evaluationEstimate,
  loadTestSet,
  messageOf,
  proveError,
  refuseOverBudget,
  runSignal,
} from './routeHelpers';
import { EvaluationSchema } from './schemas';
import { createProveEventStream } from './proveEventStream';
import type { TestSetRouteDeps } from './testSetRoutes';

/** The models, refusing further calls once what they cost reaches `maxCostUsd`. */
function withCostLimit(
  models: EvaluationModels,
  body: EvaluationRequest,
  maxCostUsd: number | undefined,
): EvaluationModels {
  if (maxCostUsd === undefined) return models;
  let spent = 0;
  const check = () => {
    if (spent >= maxCostUsd) throw new BadRequest(evaluationCostLimitReached(maxCostUsd));
  };
  return {
    async answer(prompt, input, signal) {
      check();
      const out = await models.answer(prompt, input, signal);
      spent += costUsd(out.tokens, priceOf(body.model));
      return out;
    },
    async judge(rubric, input, answer, expected, signal) {
      check();
      const out = await models.judge(rubric, input, answer, expected, signal);
      spent += costUsd(out.tokens, priceOf(body.judge.model));
      return out;
    },
  };
}

export function createEvaluationRoutes(deps: TestSetRouteDeps, guards: RequestHandler[]): Router {
  const { store, providers, runs, budget, models, testModel, runSlot } = deps;
  const router = express.Router();

  /** The space's test set; an estimate only reads, an evaluation spends. */
  const prepare = async (req: express.Request, action: 'read' | 'spend') => {
    const { ownerId } = requireAction(req, action);
    const body: EvaluationRequest = parseBody(EvaluationSchema, req);
    checkModels(providers, models, testModel, body, body.judge);
    const set = await loadTestSet(store, ownerId, body.testSetId);
    if (set.cases.length === 0) throw new BadRequest('That test set has no cases yet: add some first.');
    const estimate: EvaluationEstimate = evaluationEstimate(body, set);
    return { body, set, estimate };
  };

  router.post('/evaluations/estimate', ...guards, async (req, res) => {
    res.json((await prepare(req, 'read')).estimate);
  });

  router.post('/evaluations', ...guards, runSlot, async (req, res) => {
    const { body, set, estimate } = await prepare(req, 'spend');
    // Spend counts against the person's own daily budget and, in an organization, its budget too.
    await refuseOverBudget(budget, payerOf(req), estimate);
    const signal = runSignal(res);
    const out = createProveEventStream<EvaluationEvent>(req, res);
    const total = set.cases.length;
    try {
      const { results, tokens } = await evaluateCases(
        withCostLimit(
          proveModels({ providers, runs, budget, req, res }, body, body.judge),
          body,
          body.limits?.maxCostUsd,
        ),
        { prompt: body.prompt, rubric: set.rubric, cases: set.cases, concurrency: EVALUATION_CONCURRENCY },
        (result, done) => out.send({ type: 'case', done, total, result }),
        signal,
      );
      const evaluation: EvaluationResult = {
        summary: summarizeScores(results.map((r) => r.score)),
        results,
        tokens: totalTokens(tokens),
      };
      out.send({ type: 'done', evaluation });
      out.finish(evaluation);
    } catch (err) {
      if (signal.aborted) return;
      if (!out.fail(messageOf(err, req))) throw proveError(err);
    }
  });

  return router;
}
