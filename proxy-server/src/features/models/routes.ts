/** GET /api/providers: each provider's model list, and its refresh on demand. */
import express, { type RequestHandler, type Router } from 'express';
import type { ProvidersResponse } from '@prompt-perfect/core/api/types';
import { PROVIDER_IDS } from '@prompt-perfect/core/catalog/providers';
import type { ModelList } from './models';

export function createModelRoutes(
  models: ModelList,
  settings: { trialModel: string; testModel: string },
  signedIn: RequestHandler[],
): Router {
  const router = express.Router();
  const body = (): ProvidersResponse => ({ providers: PROVIDER_IDS.map((id) => models.list(id)), ...settings });

  router.get('/providers', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body());
  });

  // On demand (a user who just pulled a model into Ollama): signed in and rate limited per user.
  router.post('/providers/refresh', ...signedIn, async (_req, res) => {
    await models.refresh();
    res.json(body());
  });

  return router;
}
