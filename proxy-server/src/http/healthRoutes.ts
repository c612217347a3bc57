/** GET /api/health and /api/health/ready (mounted ahead of the rate limits). */
import express, { type Router } from 'express';
import type { HealthResponse, ReadinessResponse } from '@prompt-perfect/core/api/types';
import { configuredMap, type Providers } from '../providers/providers';

/** A dependency check that answers within a bound: a hanging database must not hang the probe. */
const READY_TIMEOUT_MS = 2_000;

/** Why the check failed, or undefined when it passed in time. */
async function failureOf(check: () => Promise<void>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return undefined;
  } catch (err) {
    return err ?? new Error('failed');
  } finally {
    clearTimeout(timer);
  }
}

interface Dependencies {
  database: { ping(): Promise<void>; checkWrite(): Promise<void> };
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
  // The database must also take a write: a read-only or locked one answers reads while every write fails.
  router.get('/health/ready', async (req, res) => {
    const [read, redisFailure] = await Promise.all([
      failureOf(deps.database.ping),
      deps.redis ? failureOf(deps.redis.ping) : undefined,
    ]);
    const write = read === undefined ? await failureOf(deps.database.checkWrite) : undefined;
    if (read !== undefined) req.log?.error({ err: read }, 'readiness: the database does not answer');
    else if (write !== undefined) req.log?.error({ err: write }, 'readiness: the database does not take writes');
    if (redisFailure !== undefined) req.log?.error({ err: redisFailure }, 'readiness: Redis does not answer');
    const redisOk = !deps.redis || redisFailure === undefined;
    const databaseOk = read === undefined && write === undefined;
    const body: ReadinessResponse = {
      status: deps.shuttingDown() ? 'shutting down' : databaseOk && redisOk ? 'ready' : 'unavailable',
      database: read !== undefined ? 'unreachable' : write !== undefined ? 'not writable' : 'ok',
      redis: !deps.redis ? 'not configured' : redisOk ? 'ok' : 'unreachable',
    };
    res.setHeader('Cache-Control', 'no-store');
    res.status(body.status === 'ready' ? 200 : 503).json(body);
  });

  return router;
}
