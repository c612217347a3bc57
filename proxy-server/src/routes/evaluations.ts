/** POST /api/evaluations: a prompt on every case of a saved set, each answer judged, streamed as it completes. */
import express, { type RequestHandler, type Router } from 'express';
import { EVALUATION_CONCURRENCY, type EvaluationEvent, type EvaluationRequest, type EvaluationResult } from '@prompt-perfect/core/api/prove';
import { totalTokens } from '@prompt-perfect/core/prove/cost';
import { evaluateCases } from '@prompt-perfect/core/prove/evaluate';
import { summarizeScores } from '@prompt-perfect/core/prove/statistics';
import { signedInUser } from '../auth/requireUser';
import { HttpError } from '../httpError';
import { parseBody } from '../middleware/validate';
import { proveModels } from '../prove/proveModels';
import { checkModels, loadTestSet, messageOf, proveError, runSignal } from '../prove/routeHelpers';
import { EvaluationSchema } from '../prove/schemas';
import { createProveEventStream } from '../stream/proveEventStream';
import type { TestSetRouteDeps } from './testSets';

export function createEvaluationRoutes({ store, providers, runs, models, testModel }: TestSetRouteDeps, guards: RequestHandler[]): Router {
  const router = express.Router();

  router.post('/evaluations', ...guards, async (req, res) => {
    const body: EvaluationRequest = parseBody(EvaluationSchema, req);
    checkModels(providers, models, testModel, body, body.judge);
    const set = await loadTestSet(store, signedInUser(req).id, body.testSetId);
    if (set.cases.length === 0) throw new HttpError(400, 'That test set has no cases yet: add some first.');
    const signal = runSignal(res);
    const out = createProveEventStream<EvaluationEvent>(req, res);
    const total = set.cases.length;
    try {
      const { results, tokens } = await evaluateCases(
        proveModels({ providers, runs, req, res }, body, body.judge),
        { prompt: body.prompt, rubric: set.rubric, cases: set.cases, concurrency: EVALUATION_CONCURRENCY },
        (result, done) => out.send({ type: 'case', done, total, result }),
        signal,
      );
      const evaluation: EvaluationResult = { summary: summarizeScores(results.map((r) => r.score)), results, tokens: totalTokens(tokens) };
      out.send({ type: 'done', evaluation });
      out.finish(evaluation);
    } catch (err) {
      if (signal.aborted) return;
      if (!out.fail(messageOf(err, req))) throw proveError(err);
    }
  });

  return router;
}
