/** POST /api/generate and POST /api/claude: signed-in model calls. */
import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { ApiProviderId, TextResult } from '@prompt-perfect/shared/api/types';
import { findModel, PROVIDERS, type ProviderId } from '@prompt-perfect/shared/catalog/providers';
import { MSG, providerNotConfigured } from '@prompt-perfect/shared/messages';
import { HttpError } from '../httpError';
import { abortOnClientClose } from '../middleware/abortSignal';
import { parseBody, text } from '../middleware/validate';
import type { Providers } from '../providers/registry';
import type { GenerateInput } from '../providers/types';

const API_PROVIDERS: readonly ApiProviderId[] = ['openai', 'anthropic', 'local'];

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

export function createGenerateRoutes(providers: Providers, guards: RequestHandler[]): Router {
  const router = express.Router();

  const run = async (id: ApiProviderId, input: GenerateInput, res: express.Response) => {
    const text = await providers[id].generate(input, abortOnClientClose(res));
    const body: TextResult = { text };
    res.json(body);
  };

  router.post('/generate', ...guards, async (req, res) => {
    const body = parseBody(GenerateSchema, req);
    const provider = body.provider.trim() as ApiProviderId;
    if (!API_PROVIDERS.includes(provider)) throw new HttpError(400, MSG.unsupportedProvider);
    if (provider !== 'local') checkModelAndKey(providers, provider, body.model);
    await run(provider, body, res);
  });

  router.post('/claude', ...guards, async (req, res) => {
    const body = parseBody(ClaudeSchema, req);
    checkModelAndKey(providers, 'anthropic', body.model);
    await run('anthropic', body, res);
  });

  return router;
}
