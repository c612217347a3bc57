/** GET /api/providers (and its refresh), and GET /api/health and /api/health/ready (mounted ahead of the rate limits). */
import express, { type RequestHandler, type Router } from 'express';
import type { HealthResponse, ProvidersResponse, ReadinessResponse } from '@prompt-perfect/core/api/types';
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

/** A dependency check that answers within a bound: a hanging database must not hang the probe. */
const READY_TIMEOUT_MS = 2_000;

async function reachable(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

interface Dependencies {
  database: { ping(): Promise<void> };
  redis: { ping(): Promise<void> } | undefined;
  /** True once a shutdown began: readiness answers 503 whatever the dependencies say. */
  shuttingDown(): boolean;
}

export function createHealthRoute(providers: Providers, deps: Dependencies): Router {
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

  // /health stays free of I/O (liveness); this one asks the database and Redis (readiness).
  router.get('/health/ready', async (_req, res) => {
    const [database, redis] = await Promise.all([reachable(deps.database.ping), deps.redis ? reachable(deps.redis.ping) : undefined]);
    const body: ReadinessResponse = {
      status: deps.shuttingDown() ? 'shutting down' : database && redis !== false ? 'ready' : 'unavailable',
      database: database ? 'ok' : 'unreachable',
      redis: redis === undefined ? 'not configured' : redis ? 'ok' : 'unreachable',
    };
    res.setHeader('Cache-Control', 'no-store');
    res.status(body.status === 'ready' ? 200 : 503).json(body);
  });

  return router;
}
