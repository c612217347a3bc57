/** Visitor free trial: GET /api/trial/status and POST /api/trial/optimize, counted on the server. */
import express, { type RequestHandler, type Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { TrialOptimizeResponse, TrialStatusResponse } from '@prompt-perfect/core/api/types';
import { mapTrialError } from '@prompt-perfect/core/errors/trialErrorMapping';
import { MSG } from '@prompt-perfect/core/messages';
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import { BadRequest, Forbidden, HttpError } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import type { OpenAIProvider } from '../../providers/openaiProvider';
import { type ProviderError, providerFailure, toProviderError } from '../../providers/providerError';
import type { RunTracker } from '../runs/runTracker';
import { createTextStream } from '../../http/eventStream';
import { buildTrialRequest, nonEmptyAnswer, runTrial } from './trialOptimizer';
import type { Reservation, TrialStore } from './trialStore';
import { visitorId } from './visitor';

export const TRIAL_EXHAUSTED = `You have used all ${TRIAL_LIMIT} free trials. Sign in to keep perfecting your prompts.`;

export const OptimizeSchema = z.object({ prompt: z.string() });

export function createTrialRoutes(
  store: TrialStore,
  openai: OpenAIProvider,
  trialModel: string,
  runs: RunTracker,
  limiter: RequestHandler,
): Router {
  const router = express.Router();
  // IPv4 as is; IPv6 by its /56 network, so a visitor cannot rotate addresses inside their prefix.
  const ipOf = (req: express.Request) => ipKeyGenerator(req.ip ?? 'unknown');

  router.get('/trial/status', async (req, res) => {
    const id = visitorId(req, res);
    const body: TrialStatusResponse = {
      remaining: await store.remaining(id, ipOf(req)),
      limit: TRIAL_LIMIT,
      offline: !openai.configured,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  /** Validates, answers offline runs at once, and reserves a trial run; undefined when answered. */
  const begin = async (req: express.Request, res: express.Response) => {
    const id = visitorId(req, res);
    const ip = ipOf(req);
    const remainingNow = () => store.remaining(id, ip);
    // The remaining count costs a database query: only a refusal carries it.
    const valid = OptimizeSchema.safeParse(req.body).success;
    const { prompt } = parseBody(OptimizeSchema, req, valid ? {} : { remaining: await remainingNow() });
    const trimmed = prompt.trim();
    if (!trimmed) throw new BadRequest(MSG.visitorEnterPrompt, { extra: { remaining: await remainingNow() } });

    if (!openai.configured) {
      // The offline optimizer costs nothing: it answers at once (never streamed) and uses no trial run.
      const offline: TrialOptimizeResponse = {
        text: optimizeOffline(trimmed),
        remaining: await remainingNow(),
        offline: true,
      };
      res.json(offline);
      return undefined;
    }
    const reservation = await store.reserve(id, ip);
    if (!reservation) throw new Forbidden(TRIAL_EXHAUSTED, { code: 'trial_exhausted', extra: { remaining: 0 } });
    return { prompt: trimmed, reservation, remainingNow };
  };

  /**
   * A run counts once it reached the provider (a visitor who leaves still cost it), unless the
   * provider failed before producing any text or went silent (a stalled answer is no answer).
   * Returns the provider failure to report, if any.
   */
  const settle = async (
    err: unknown,
    reservation: Reservation,
    producedText: boolean,
  ): Promise<ProviderError | HttpError | undefined> => {
    if (err instanceof HttpError) {
      await reservation.release();
      return err;
    }
    const failure = toProviderError(err, 'OpenAI', []);
    if (failure.kind === 'aborted' || (producedText && failure.kind !== 'timeout')) await reservation.commit();
    else await reservation.release();
    return failure.kind === 'aborted' ? undefined : failure;
  };

  /**
   * Counts a run whose answer the model produced. The answer was paid for: when the count cannot be
   * stored it is still delivered (the visitor keeps the run), and the cause is logged.
   */
  const count = async (
    req: express.Request,
    run: { reservation: Reservation; remainingNow: () => Promise<number> },
  ) => {
    try {
      return await run.reservation.commit();
    } catch (err) {
      req.log?.error({ err }, 'trial run delivered but not counted');
      return run.remainingNow().catch(() => 0);
    }
  };

  /** A failed run: the mapped message and what the visitor still has (and the upstream's retry-after). */
  const trialFailure = async (failure: ProviderError, run: { remainingNow: () => Promise<number> }) =>
    providerFailure(failure, {
      message: mapTrialError(failure.upstreamMessage),
      extra: { remaining: await run.remainingNow() },
    });

  const meta = { provider: 'openai', model: trialModel };

  router.post('/trial/optimize', limiter, async (req, res) => {
    const run = await begin(req, res);
    if (!run) return;
    let text: string;
    try {
      text = await runs.run(req, res, meta, (signal) => runTrial(openai, run.prompt, trialModel, signal));
    } catch (err) {
      const failure = await settle(err, run.reservation, false);
      if (!failure) return;
      throw failure instanceof HttpError ? failure : await trialFailure(failure, run);
    }
    const body: TrialOptimizeResponse = { text, remaining: await count(req, run), offline: false };
    res.json(body);
  });

  router.post('/trial/optimize/stream', limiter, async (req, res) => {
    const run = await begin(req, res);
    if (!run) return;
    const out = createTextStream(res, { stripLeadingPhrases: true });
    try {
      await runs.run(req, res, meta, async (signal) =>
        nonEmptyAnswer(
          await openai.completeStream(buildTrialRequest(run.prompt, trialModel), signal, (piece) => out.push(piece)),
        ),
      );
    } catch (err) {
      const failure = await settle(err, run.reservation, out.started);
      if (!failure) return;
      const message = failure instanceof HttpError ? failure.message : mapTrialError(failure.upstreamMessage);
      if (!out.started) throw failure instanceof HttpError ? failure : await trialFailure(failure, run);
      out.fail(message);
      return;
    }
    out.finish({ remaining: await count(req, run) });
  });

  return router;
}
