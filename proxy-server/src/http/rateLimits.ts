/**
 * express-rate-limit: per IP on all of /api, per user on signed-in calls, a tighter one on the trial.
 * Counters live in this process, or in Redis when REDIS_URL is set (see sharedCounters).
 */
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Config } from '../config';
import { currentUser } from '../auth/requireUser';
import { MSG } from '@prompt-perfect/core/messages';
import { TooManyRequests } from './httpError';
import { createRefusalLog, RATE_LIMITED_LOCAL, type RefusalLog } from '../logging/refusalLog';
import type { SharedCounters } from './sharedCounters';

const RATE_LIMITED = MSG.trialRateLimited;

function limiter(
  windowMs: number,
  limit: number,
  keyGenerator: (req: Request) => string,
  prefix: string,
  refusals: RefusalLog,
  shared: SharedCounters | undefined,
): RequestHandler {
  return rateLimit({
    ...(shared ? { store: shared.store(), passOnStoreError: true, logger: shared.limiterLogger } : {}),
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: prefix,
    keyGenerator: (req) => `${prefix}:${keyGenerator(req)}`,
    handler: (req, res, next) => {
      res.locals[RATE_LIMITED_LOCAL] = true;
      refusals.note(prefix, keyGenerator(req), req.log);
      next(new TooManyRequests(RATE_LIMITED));
    },
    // We decide about proxies in config (TRUST_PROXY); a stray X-Forwarded-For is not an error.
    validate: { xForwardedForHeader: false, trustProxy: false },
  });
}

const ipKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

export function createRateLimits(config: Config, shared?: SharedCounters) {
  const { windowMs, perIp, perUser, trialPerIp } = config.rateLimit;
  const refusals = createRefusalLog(windowMs);
  return {
    perIp: limiter(windowMs, perIp, ipKey, 'ip', refusals, shared),
    perUser: limiter(windowMs, perUser, (req) => currentUser(req)?.id ?? ipKey(req), 'user', refusals, shared),
    trialPerIp: limiter(windowMs, trialPerIp, ipKey, 'trial', refusals, shared),
    refusals,
  };
}
