/**
 * POST /api/generate and POST /api/claude: signed-in model calls. With a `run` record (Perfect,
 * Continue Building) the answer's leading phrases are stripped here, once, and the run is recorded
 * in the account; without one (Test Prompt) the model's text is returned as it is.
 */
import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { ApiProviderId, TextResult } from '@prompt-perfect/shared/api/types';
import { findModel, PROVIDERS, type ProviderId } from '@prompt-perfect/shared/catalog/providers';
import { MSG, providerNotConfigured } from '@prompt-perfect/shared/messages';
import { stripLeadingPhrases } from '@prompt-perfect/shared/rules/stripLeadingPhrases';
import type { RunRecorder } from '../account/runRecorder';
import { RunRecordSchema } from '../account/schemas';
import { currentUser } from '../auth/requireUser';
import { HttpError } from '../httpError';
import { parseBody, text } from '../middleware/validate';
import type { Providers } from '../providers/registry';
import type { GenerateInput } from '../providers/types';
import type { RunTracker } from '../runs/runTracker';

const API_PROVIDERS: readonly ApiProviderId[] = ['openai', 'anthropic'];

const Fields = {
  model: text(),
  systemPrompt: z.string(),
  userPrompt: text(),
  run: RunRecordSchema.optional(),
};
const GenerateSchema = z.object({ provider: z.string(), ...Fields });
const ClaudeSchema = z.object(Fields);

function clip(s: string, n = 80): string {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}

/** Checks the model against the provider's catalogue and that the provider has a key. */
function checkModelAndKey(providers: Providers, id: ProviderId, model: string): void {
  if (!findModel(id, model)) {
    const known = PROVIDERS[id].models.map((m) => m.id).join(', ');
    throw new HttpError(400, `Unknown model '${clip(model)}' for ${PROVIDERS[id].label}. Choose one of: ${known}.`);
  }
  if (!providers[id].configured) throw new HttpError(503, providerNotConfigured(PROVIDERS[id].label));
}

export function createGenerateRoutes(providers: Providers, runs: RunTracker, recorder: RunRecorder, guards: RequestHandler[]): Router {
  const router = express.Router();

  const run = async (id: ProviderId, input: GenerateInput & { run?: z.infer<typeof RunRecordSchema> }, req: express.Request, res: express.Response) => {
    const userId = currentUser(req)!.id;
    if (input.run) await recorder.checkRefines(userId, input.run);
    const answer = await runs.run(req, res, { provider: id, model: input.model }, (signal) => providers[id].generate(input, signal));
    if (!input.run) {
      const body: TextResult = { text: answer };
      res.json(body);
      return;
    }
    const text = stripLeadingPhrases(answer);
    let recorded;
    try {
      recorded = await recorder.record(userId, input.run, text, id, input.model);
    } catch (err) {
      // The answer was paid for: deliver it even when the account could not store the run.
      req.log?.error({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, 'recording a run failed');
    }
    const body: TextResult = recorded ? { text, run: recorded } : { text };
    res.json(body);
  };

  router.post('/generate', ...guards, async (req, res) => {
    const body = parseBody(GenerateSchema, req);
    const provider = body.provider.trim() as ApiProviderId;
    if (!API_PROVIDERS.includes(provider)) throw new HttpError(400, MSG.unsupportedProvider);
    checkModelAndKey(providers, provider, body.model);
    await run(provider, body, req, res);
  });

  router.post('/claude', ...guards, async (req, res) => {
    const body = parseBody(ClaudeSchema, req);
    checkModelAndKey(providers, 'anthropic', body.model);
    await run('anthropic', body, req, res);
  });

  return router;
}
