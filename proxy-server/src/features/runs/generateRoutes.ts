/**
 * POST /api[/orgs/:org]/generate and POST /api[/orgs/:org]/claude: signed-in model calls. With a
 * `run` record (Perfect, Continue Building) the answer's leading phrases are stripped here, once, and
 * the run is recorded in the space's history (progress in the person's); without one (Test Prompt)
 * the model's text is returned as it is.
 */
import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { ApiProviderId, TextResult } from '@prompt-perfect/core/api/types';
import { PROVIDERS, type ProviderId } from '@prompt-perfect/core/catalog/providers';
import { MSG, providerNotConfigured } from '@prompt-perfect/core/messages';
import { NO_TOKENS } from '@prompt-perfect/core/prove/cost';
import { stripLeadingPhrases } from '@prompt-perfect/core/prompt/stripLeadingPhrases';
import type { RunRecorder } from '../account/runRecorder';
import { RunRecordSchema } from '../account/schemas';
import { signedInUser } from '../../auth/requireUser';
import { requireAction, spaceOf } from '../../auth/space';
import { BadRequest, HttpError, ServiceUnavailable } from '../../http/httpError';
import { parseBody, text } from '../../http/validate';
import type { ModelList } from '../models/models';
import type { Providers } from '../../providers/providers';
import type { GenerateInput, TokenUsage } from '../../providers/types';
import { ProviderError, toProviderError } from '../../providers/providerError';
import type { DailyBudget } from './dailyBudget';
import { payerOf } from './payer';
import type { RunTracker } from './runTracker';
import { usedTokens, worstCaseTokens } from './worstCase';
import { AccountDeletedError } from '../account/userData';
import { createTextStream } from '../../http/eventStream';

const API_PROVIDERS: readonly ApiProviderId[] = ['openai', 'anthropic'];

const Fields = {
  model: text(),
  systemPrompt: z.string(),
  userPrompt: text(),
  run: RunRecordSchema.optional(),
};
export const GenerateSchema = z.object({ provider: z.string(), ...Fields });
export const ClaudeSchema = z.object(Fields);

function clip(s: string, n = 80): string {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}

/** Checks the model against the provider's current list (or the test model) and that the provider has a key. */
export function checkModelAndKey(
  providers: Providers,
  models: ModelList,
  testModel: string,
  id: ProviderId,
  model: string,
): void {
  if (!models.find(id, model) && !(id === 'openai' && model === testModel)) {
    const listed = models.list(id).models.map((m) => m.id);
    const known =
      listed.length > 20 ? `${listed.slice(0, 20).join(', ')} and ${listed.length - 20} more` : listed.join(', ');
    throw new BadRequest(`Unknown model '${clip(model)}' for ${PROVIDERS[id].label}. Choose one of: ${known}.`);
  }
  if (!providers[id].configured)
    throw new ServiceUnavailable(providerNotConfigured(PROVIDERS[id].label), {
      code: 'provider_not_configured',
    });
}

type RunInput = GenerateInput & { run?: z.infer<typeof RunRecordSchema> };

export interface GenerateDeps {
  providers: Providers;
  models: ModelList;
  testModel: string;
  runs: RunTracker;
  recorder: RunRecorder;
  budget: DailyBudget;
  /** One of the user's USER_MAX_CONCURRENT_RUNS. */
  runSlot: RequestHandler;
}

export function createGenerateRoutes(
  { providers, models, testModel, runs, recorder, budget, runSlot }: GenerateDeps,
  guards: RequestHandler[],
): Router {
  const router = express.Router();

  /** Holds the call's worst case in the user's daily budget until it is settled. */
  const reserve = (req: express.Request, input: RunInput) =>
    budget.reserve(payerOf(req), input.model, worstCaseTokens(input.systemPrompt, input.userPrompt));
  const used = (input: RunInput, output: string, usage?: TokenUsage) =>
    usedTokens(input.systemPrompt, input.userPrompt, output, usage);

  /** Records the run; the answer was paid for, so it is delivered even when storing fails. */
  const recordSafely = async (
    req: express.Request,
    id: ProviderId,
    input: RunInput,
    text: string,
    startedAt: number,
    stopped = false,
  ) => {
    if (!input.run || !text.trim()) return undefined;
    try {
      return await recorder.record(spaceOf(req).ownerId, input.run, text, id, input.model, startedAt, {
        stopped,
        person: signedInUser(req).id,
      });
    } catch (err) {
      if (err instanceof AccountDeletedError) {
        req.log?.info('run not recorded: its account was deleted meanwhile');
        return undefined;
      }
      req.log?.error({ err }, 'recording a run failed');
      return undefined;
    }
  };

  const answer = async (id: ProviderId, input: RunInput, req: express.Request, res: express.Response) => {
    const startedAt = Date.now();
    if (input.run) await recorder.checkRefines(spaceOf(req).ownerId, input.run);
    const reservation = await reserve(req, input);
    let usage: TokenUsage | undefined;
    let raw: string;
    try {
      raw = await runs.run(req, res, { provider: id, model: input.model }, (signal) =>
        providers[id].generate(input, signal, (reported) => {
          usage = reported;
        }),
      );
    } catch (err) {
      await reservation.settle(NO_TOKENS, req.log);
      throw err;
    }
    await reservation.settle(used(input, raw, usage), req.log);
    if (!input.run) {
      const body: TextResult = { text: raw };
      res.json(body);
      return;
    }
    const text = stripLeadingPhrases(raw);
    const recorded = await recordSafely(req, id, input, text, startedAt);
    const body: TextResult = recorded ? { text, run: recorded } : { text };
    res.json(body);
  };

  /**
   * The streamed variant (see shared/api/stream.ts). A failure before the first text is a JSON error
   * with its status; after it, an error event beside the partial text, and nothing is recorded. A
   * client that stops keeps its partial text, and that run is recorded, marked stopped. `done`
   * carries the provider's token counts when its stream reported them.
   */
  const stream = async (id: ProviderId, input: RunInput, req: express.Request, res: express.Response) => {
    const startedAt = Date.now();
    if (input.run) await recorder.checkRefines(spaceOf(req).ownerId, input.run);
    const reservation = await reserve(req, input);
    const out = createTextStream(res, { stripLeadingPhrases: Boolean(input.run) });
    let usage: TokenUsage | undefined;
    try {
      await runs.run(req, res, { provider: id, model: input.model }, (signal) =>
        providers[id].stream(
          input,
          signal,
          (piece) => out.push(piece),
          (reported) => {
            usage = reported;
          },
        ),
      );
    } catch (err) {
      await reservation.settle(used(input, out.text, usage), req.log);
      if (!out.started) throw err;
      const failure =
        err instanceof HttpError ? err : toProviderError(err, id === 'openai' ? 'OpenAI' : 'Anthropic', []);
      if (failure instanceof ProviderError && failure.kind === 'aborted') {
        await recordSafely(req, id, input, out.text.trim(), startedAt, true);
        return;
      }
      out.fail(failure.message);
      return;
    }
    await reservation.settle(used(input, out.text, usage), req.log);
    out.finish({ run: await recordSafely(req, id, input, out.text.trim(), startedAt), usage });
  };

  const parseGenerate = (req: express.Request): [ProviderId, RunInput] => {
    const body = parseBody(GenerateSchema, req);
    const provider = body.provider.trim() as ApiProviderId;
    if (!API_PROVIDERS.includes(provider)) throw new BadRequest(MSG.unsupportedProvider);
    checkModelAndKey(providers, models, testModel, provider, body.model);
    return [provider, body];
  };

  const parseClaude = (req: express.Request): [ProviderId, RunInput] => {
    const body = parseBody(ClaudeSchema, req);
    checkModelAndKey(providers, models, testModel, 'anthropic', body.model);
    return ['anthropic', body];
  };

  // Checked before a run slot is taken: a role that may not spend never holds one.
  const spends: RequestHandler = (req, _res, next) => {
    requireAction(req, 'spend');
    next();
  };
  router.post('/generate', ...guards, spends, runSlot, (req, res) => answer(...parseGenerate(req), req, res));
  router.post('/generate/stream', ...guards, spends, runSlot, (req, res) => stream(...parseGenerate(req), req, res));
  router.post('/claude', ...guards, spends, runSlot, (req, res) => answer(...parseClaude(req), req, res));
  router.post('/claude/stream', ...guards, spends, runSlot, (req, res) => stream(...parseClaude(req), req, res));

  return router;
}
