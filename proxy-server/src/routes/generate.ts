/** POST /api/generate and POST /api/claude: signed-in model calls. */
import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { ApiProviderId, TextResult } from '@prompt-perfect/shared/api/types';
import { findModel, PROVIDERS, type ProviderId } from '@prompt-perfect/shared/catalog/providers';
import { MSG, providerNotConfigured } from '@prompt-perfect/shared/messages';
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

export function createGenerateRoutes(providers: Providers, runs: RunTracker, guards: RequestHandler[]): Router {
  const router = express.Router();

  const run = async (id: ApiProviderId, input: GenerateInput, req: express.Request, res: express.Response) => {
    const text = await runs.run(req, res, { provider: id, model: input.model }, (signal) => providers[id].generate(input, signal));
    const body: TextResult = { text };
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
