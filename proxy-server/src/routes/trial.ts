/** Visitor free trial: GET /api/trial/status and POST /api/trial/optimize, counted on the server. */
import express, { type RequestHandler, type Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { TrialOptimizeResponse, TrialStatusResponse } from '@prompt-perfect/shared/api/types';
import { mapTrialError } from '@prompt-perfect/shared/errors/trialErrorMapping';
import { MSG } from '@prompt-perfect/shared/messages';
import { optimizeOffline } from '@prompt-perfect/shared/prompt/offlineOptimizer';
import { TRIAL_LIMIT } from '@prompt-perfect/shared/rules/trial';
import { TRIAL_MODEL } from '@prompt-perfect/shared/catalog/providers';
import { HttpError } from '../httpError';
import { parseBody } from '../middleware/validate';
import type { OpenAIProvider } from '../providers/openaiProvider';
import { toProviderError } from '../providers/providerError';
import type { RunTracker } from '../runs/runTracker';
import { runTrial } from '../trial/trialOptimizer';
import type { TrialStore } from '../trial/trialStore';
import { visitorId } from '../trial/visitor';

export const TRIAL_EXHAUSTED = `You have used all ${TRIAL_LIMIT} free trials. Sign in to keep perfecting your prompts.`;

const OptimizeSchema = z.object({ prompt: z.string() });

export function createTrialRoutes(store: TrialStore, openai: OpenAIProvider, runs: RunTracker, limiter: RequestHandler): Router {
  const router = express.Router();
  // IPv4 as is; IPv6 by its /56 network, so a visitor cannot rotate addresses inside their prefix.
  const ipOf = (req: express.Request) => ipKeyGenerator(req.ip ?? 'unknown');

  router.get('/trial/status', (req, res) => {
    const id = visitorId(req, res);
    const body: TrialStatusResponse = {
      remaining: store.remaining(id, ipOf(req)),
      limit: TRIAL_LIMIT,
      offline: !openai.configured,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.post('/trial/optimize', limiter, async (req, res) => {
    const id = visitorId(req, res);
    const ip = ipOf(req);
    const remainingNow = () => store.remaining(id, ip);
    const { prompt } = parseBody(OptimizeSchema, req, { remaining: remainingNow() });
    const trimmed = prompt.trim();
    if (!trimmed) throw new HttpError(400, MSG.visitorEnterPrompt, { remaining: remainingNow() });

    if (!openai.configured) {
      // The offline optimizer costs nothing: it answers at once and uses no trial run.
      const offline: TrialOptimizeResponse = { text: optimizeOffline(trimmed), remaining: remainingNow(), offline: true };
      res.json(offline);
      return;
    }

    const reservation = store.reserve(id, ip);
    if (!reservation) throw new HttpError(403, TRIAL_EXHAUSTED, { remaining: 0 });

    let body: TrialOptimizeResponse;
    try {
      const text = await runs.run(req, res, { provider: 'openai', model: TRIAL_MODEL }, (signal) => runTrial(openai, trimmed, signal));
      body = { text, remaining: reservation.commit(), offline: false };
    } catch (err) {
      if (err instanceof HttpError) {
        reservation.release();
        throw err;
      }
      const failure = toProviderError(err, 'OpenAI', []);
      if (failure.kind === 'aborted') {
        // The visitor left after the request reached the provider, which still bills it: it counts.
        reservation.commit();
        return;
      }
      reservation.release();
      res.status(failure.httpStatus).json({ error: mapTrialError(failure.upstreamMessage), remaining: remainingNow() });
      return;
    }
    res.json(body);
  });

  return router;
}
