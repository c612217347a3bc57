/**
 * POST /trial/perfect: the visitor page's prompt form submitted before its scripts ran (or with
 * none at all). The run is the trial's, counted the same way as POST /api/trial/optimize: reserved
 * per visitor cookie and IP, committed once the provider answered, released when it failed; the
 * offline optimizer answers at once and counts nothing. The answer is a page, not JSON. The host
 * allow-list applies as to every request.
 */
import express, { type RequestHandler, type Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import {
  VISITOR_FORM_ACTION,
  VISITOR_FORM_PROMPT_FIELD,
  VISITOR_FORM_TOKEN_FIELD,
} from '@prompt-perfect/core/contracts/visitorForm';
import { mapTrialError } from '@prompt-perfect/core/errors/trialErrorMapping';
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import { validateVisitorPrompt } from '@prompt-perfect/core/trial';
import { HttpError } from '../../../http/httpError';
import type { OpenAIProvider } from '../../../providers/openaiProvider';
import { toProviderError } from '../../../providers/providerError';
import { TRIAL_EXHAUSTED } from '../routes';
import type { RunTracker } from '../../runs/runTracker';
import { runTrial } from '../trialOptimizer';
import type { TrialStore } from '../trialStore';
import { visitorId } from '../visitor';
import type { FormTokens } from './formToken';
import { type FormOutcome, resultPage } from './resultPage';

const FORM_BODY_LIMIT = '64kb';
/**
 * The API's Origin check cannot serve here: with helmet's `Referrer-Policy: no-referrer` a
 * browser's own form post says `Origin: null`. Sec-Fetch-Site (set by the browser, not by pages)
 * must say same-origin when present; the token is the guard everywhere, and the SameSite=Lax
 * visitor cookie is not sent with another site's post in the first place.
 */
const sameOriginOnly: RequestHandler = (req, res, next) => {
  const site = req.get('sec-fetch-site')?.trim().toLowerCase();
  if (site === undefined || site === 'same-origin') return next();
  res.status(403).type('text/plain').send('Cross-site requests are not allowed.');
};

const STALE_FORM = 'This form has expired or did not come from this site. Go back, reload the page and try again.';

interface Deps {
  store: TrialStore;
  openai: OpenAIProvider;
  trialModel: string;
  runs: RunTracker;
  tokens: FormTokens;
  limiter: RequestHandler;
}

export function createVisitorFormRoutes({ store, openai, trialModel, runs, tokens, limiter }: Deps): Router {
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 10 });

  router.post(VISITOR_FORM_ACTION, sameOriginOnly, limiter, parseForm, async (req, res) => {
    const id = visitorId(req, res);
    const ip = ipKeyGenerator(req.ip ?? 'unknown');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const prompt =
      typeof body[VISITOR_FORM_PROMPT_FIELD] === 'string' ? (body[VISITOR_FORM_PROMPT_FIELD] as string) : '';
    const answer = (status: number, outcome: FormOutcome, remaining: number | undefined) => {
      res.setHeader('Cache-Control', 'no-store');
      res
        .status(status)
        .type('html')
        .send(resultPage({ outcome, prompt, remaining, formToken: tokens.issue(id) }));
    };

    if (!tokens.verify(id, body[VISITOR_FORM_TOKEN_FIELD]))
      return answer(403, { kind: 'refused', message: STALE_FORM }, undefined);
    const problem = validateVisitorPrompt(prompt);
    if (problem) return answer(400, { kind: 'refused', message: problem }, await store.remaining(id, ip));
    const trimmed = prompt.trim();

    if (!openai.configured) {
      return answer(
        200,
        { kind: 'result', text: optimizeOffline(trimmed), offline: true },
        await store.remaining(id, ip),
      );
    }
    const reservation = await store.reserve(id, ip);
    if (!reservation) return answer(403, { kind: 'refused', message: TRIAL_EXHAUSTED }, 0);

    let text: string;
    try {
      text = await runs.run(req, res, { provider: 'openai', model: trialModel }, (signal) =>
        runTrial(openai, trimmed, trialModel, signal),
      );
    } catch (err) {
      if (err instanceof HttpError) {
        await reservation.release();
        throw err;
      }
      const failure = toProviderError(err, 'OpenAI', []);
      // As in the API: a visitor who left still cost the run; a failure before any text did not.
      if (failure.kind === 'aborted') {
        await reservation.commit();
        return;
      }
      await reservation.release();
      if (failure.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(failure.retryAfterSeconds));
      return answer(
        failure.httpStatus,
        { kind: 'refused', message: mapTrialError(failure.upstreamMessage) },
        await store.remaining(id, ip),
      );
    }
    // The answer was paid for: when the count cannot be stored it is still delivered, and the cause logged.
    const remaining = await reservation.commit().catch(async (err) => {
      req.log?.error({ err }, 'trial run delivered but not counted');
      return store.remaining(id, ip).catch(() => undefined);
    });
    return answer(200, { kind: 'result', text, offline: false }, remaining);
  });

  return router;
}
