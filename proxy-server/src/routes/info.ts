/** GET /api/providers, and GET /api/health (mounted ahead of the rate limits). */
import express, { type Router } from 'express';
import type { HealthResponse, ProvidersResponse } from '@prompt-perfect/shared/api/types';
import { PROVIDERS } from '@prompt-perfect/shared/catalog/providers';
import { configuredMap, type Providers } from '../providers/registry';

export function createInfoRoutes(providers: Providers): Router {
  const router = express.Router();

  router.get('/providers', (_req, res) => {
    const body: ProvidersResponse = {
      providers: [
        { id: 'openai', label: PROVIDERS.openai.label, configured: providers.openai.configured, models: PROVIDERS.openai.models },
        {
          id: 'anthropic',
          label: PROVIDERS.anthropic.label,
          configured: providers.anthropic.configured,
          models: PROVIDERS.anthropic.models,
        },
      ],
    };
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body);
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
