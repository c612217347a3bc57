/** GET /api/providers (and its refresh), and GET /api/health (mounted ahead of the rate limits). */
import express, { type RequestHandler, type Router } from 'express';
import type { HealthResponse, ProvidersResponse } from '@prompt-perfect/core/api/types';
import { PROVIDER_IDS } from '@prompt-perfect/core/catalog/providers';
import type { ModelRegistry } from '../providers/modelRegistry';
import { configuredMap, type Providers } from '../providers/registry';

export function createInfoRoutes(models: ModelRegistry, settings: { trialModel: string; testModel: string }, signedIn: RequestHandler[]): Router {
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

export function createHealthRoute(providers: Providers): Router {
  const router = express.Router();
  const started = Date.now();

  router.get('/health', (_req, res) => {
    const body: HealthResponse = {
      status: 'ok',
      uptimeSeconds: Math.floor((Date.now() - started) / 1000),
      providers: configuredMap(providers),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  return router;
}
