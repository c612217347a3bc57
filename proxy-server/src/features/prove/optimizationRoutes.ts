/**
 * POST /api/optimizations: the optimization loop on a saved set, streamed round by round; every
 * kept version is recorded in the prompt's history as a Continue Building run refining the last
 * one. POST /api/optimizations/estimate answers the split, the final test's budget and the
 * upper-bound cost alone. The split is the set's own: saved before a run, its test counted after.
 */
import express, { type RequestHandler, type Router } from 'express';
import {
  EVALUATION_CONCURRENCY,
  type OptimizationEvent,
  type OptimizationRequest,
  type TestSet,
} from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { estimateFor, runOptimization, type OptimizationInput } from '@prompt-perfect/core/prove/optimizer';
import { assignSides, SPLIT_MIN_CASES, splitCases, tooFewCasesMessage } from '@prompt-perfect/core/prove/split';
import type { RunRecorder } from '../account/runRecorder';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';
import { BadRequest } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import { payerOf } from '../runs/payer';
import { keepInHistory, OPTIMIZATION_RUN_OPTIONS } from './keepInHistory';
import { proveModels } from './proveModels';
import { countRunTest, placeCases } from './setSplit';
import { checkModels, loadTestSet, messageOf, proveError, runSignal } from './routeHelpers';
import { OptimizationSchema } from './schemas';
import { createProveEventStream } from './proveEventStream';
import type { TestSetRouteDeps } from './testSetRoutes';

export function createOptimizationRoutes(
  deps: TestSetRouteDeps & { recorder: RunRecorder },
  guards: RequestHandler[],
): Router {
  const { store, providers, runs, budget, models, testModel, recorder, runSlot } = deps;
  const router = express.Router();

  /** The space's test set; an estimate only reads, an optimization spends. */
  const prepare = async (req: express.Request, action: 'read' | 'spend') => {
    const { ownerId } = requireAction(req, action);
    const body: OptimizationRequest = parseBody(OptimizationSchema, req);
    checkModels(providers, models, testModel, body, body.judge);
    const set: TestSet = await loadTestSet(store, ownerId, body.testSetId);
    if (set.cases.length < SPLIT_MIN_CASES) throw new BadRequest(tooFewCasesMessage(set.cases.length));
    try {
      // A side left short by deleted cases is refused here, with what to add, before anything runs.
      splitCases(set.cases, assignSides(set.cases, set.split));
    } catch (err) {
      throw proveError(err);
    }
    const input: OptimizationInput = {
      prompt: body.prompt,
      rubric: set.rubric,
      cases: set.cases,
      limits: body.limits,
      split: set.split,
      answerPrice: priceOf(body.model),
      judgePrice: priceOf(body.judge.model),
      concurrency: EVALUATION_CONCURRENCY,
    };
    return { body, input, set, ownerId };
  };

  router.post('/optimizations/estimate', ...guards, async (req, res) => {
    const { input } = await prepare(req, 'read');
    res.json(estimateFor({ ...input, maxRounds: input.limits.maxRounds }));
  });

  router.post('/optimizations', ...guards, runSlot, async (req, res) => {
    const startedAt = Date.now();
    const { body, input, set, ownerId } = await prepare(req, 'spend');
    // Spend counts against the person's own daily budget and the organization's; the kept versions go to the space's history.
    const userId = signedInUser(req).id;
    const payer = payerOf(req);
    await budget.check(payer);
    // The cost limit never goes past what is left of today's budgets: the run stops there like at its own limit.
    input.limits = { ...input.limits, maxCostUsd: Math.min(input.limits.maxCostUsd, await budget.left(payer)) };
    if (body.historyId !== undefined) {
      await recorder.checkRefines(ownerId, {
        kind: 'continue',
        input: '',
        options: OPTIMIZATION_RUN_OPTIONS,
        refines: body.historyId,
      });
    }
    const keep = keepInHistory(recorder, req, { space: ownerId, person: userId }, body, startedAt);

    await placeCases(store, ownerId, set);
    const signal = runSignal(res);
    const out = createProveEventStream<OptimizationEvent>(req, res);
    try {
      const result = await runOptimization(
        { ...proveModels({ providers, runs, budget, req, res }, body, body.judge), keep },
        input,
        (e) => out.send(e),
        signal,
      );
      await countRunTest(store, ownerId, set.id, result);
      out.finish(result);
    } catch (err) {
      if (signal.aborted) return;
      if (!out.fail(messageOf(err, req))) throw proveError(err);
    }
  });

  return router;
}
