/**
 * USER_MAX_CONCURRENT_RUNS: how many model-calling requests (a generation, a draft, an evaluation,
 * an optimization: one each, however many calls they make) one user may have open at once. The next
 * one is refused with 429 and the reason; a slot frees when its response closes. With Redis
 * (REDIS_URL) the count is shared by every instance; while Redis cannot answer, each instance
 * counts its own runs, as rate limits carry on without it, and says so in the log once per outage,
 * with the cause.
 */
import type { RequestHandler } from 'express';
import { tooManyRuns } from '@prompt-perfect/core/messages';
import { signedInUser } from '../../auth/requireUser';
import { TooManyRequests } from '../../http/httpError';
import { LEASE_MS, type SharedRunSlots } from './redisRunSlots';

export function userRunSlots(max: number, shared?: SharedRunSlots): RequestHandler {
  const open = new Map<string, number>();
  const local: RequestHandler = (req, res, next) => {
    const userId = signedInUser(req).id;
    const n = open.get(userId) ?? 0;
    if (n >= max) throw new TooManyRequests(tooManyRuns(max), { code: 'too_many_runs' });
    open.set(userId, n + 1);
    res.once('close', () => {
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) open.set(userId, left);
      else open.delete(userId);
    });
    next();
  };
  if (!shared) return local;

  let outage = false;
  return async (req, res, next) => {
    const userId = signedInUser(req).id;
    let slot: string | null;
    try {
      slot = await shared.acquire(userId, max);
    } catch (err) {
      if (!outage)
        req.log?.warn({ err }, 'Redis cannot count run slots: each instance counts its own until it answers again');
      outage = true;
      return local(req, res, next);
    }
    if (outage) req.log?.info('Redis counts run slots again');
    outage = false;
    if (slot === null) throw new TooManyRequests(tooManyRuns(max), { code: 'too_many_runs' });
    const held = slot;
    const renewal = setInterval(() => shared.renew(userId, held).catch(() => undefined), LEASE_MS / 3);
    renewal.unref();
    res.once('close', () => {
      clearInterval(renewal);
      // A release lost to an outage ends with the lease.
      shared.release(userId, held).catch(() => undefined);
    });
    next();
  };
}
