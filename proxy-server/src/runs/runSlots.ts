/**
 * USER_MAX_CONCURRENT_RUNS: how many model-calling requests (a generation, a draft, an evaluation,
 * an optimization: one each, however many calls they make) one user may have open at once on this
 * instance. The next one is refused with 429 and the reason; a slot frees when its response closes.
 */
import type { RequestHandler } from 'express';
import { tooManyRuns } from '@prompt-perfect/core/messages';
import { signedInUser } from '../auth/requireUser';
import { HttpError } from '../httpError';

export function userRunSlots(max: number): RequestHandler {
  const open = new Map<string, number>();
  return (req, res, next) => {
    const userId = signedInUser(req).id;
    const n = open.get(userId) ?? 0;
    if (n >= max) throw new HttpError(429, tooManyRuns(max));
    open.set(userId, n + 1);
    res.once('close', () => {
      const left = (open.get(userId) ?? 1) - 1;
      if (left > 0) open.set(userId, left);
      else open.delete(userId);
    });
    next();
  };
}
