/**
 * Rate-limit refusals, logged once per client and limiter per window. A client hammering a limit
 * would otherwise write one warning per request (22 MB in 20 s was measured); the refusals in
 * between are counted and reported with the next logged one. Keys are logged as keyed hashes:
 * they contain IP addresses.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';

/** Set in res.locals on refused responses, so the request logger leaves them to the RefusalLog. */
export const RATE_LIMITED_LOCAL = 'rateLimited';

interface Entry {
  windowEnds: number;
  suppressed: number;
}

/** Beyond this many tracked keys, finished windows are swept on the next refusal. */
const SWEEP_AT = 10_000;

export interface RefusalLog {
  note(limiter: string, key: string, log: Logger | undefined, now?: number): void;
  /** Refusals counted but not logged since start (for tests and health figures). */
  readonly suppressedTotal: number;
}

export function createRefusalLog(windowMs: number): RefusalLog {
  const entries = new Map<string, Entry>();
  const hashKey = randomBytes(16);
  let suppressedTotal = 0;
  const client = (key: string) => createHmac('sha256', hashKey).update(key).digest('base64url').slice(0, 12);

  function sweep(now: number) {
    for (const [k, e] of entries) if (e.windowEnds <= now) entries.delete(k);
  }

  return {
    note(limiter, key, log, now = Date.now()) {
      const id = `${limiter}:${key}`;
      const entry = entries.get(id);
      if (entry && now < entry.windowEnds) {
        entry.suppressed += 1;
        suppressedTotal += 1;
        return;
      }
      if (entries.size >= SWEEP_AT) sweep(now);
      log?.warn(
        { limiter, client: client(id), refusalsNotLoggedInPreviousWindow: entry?.suppressed ?? 0 },
        'rate limit reached: further refusals for this client are counted, not logged, until the window ends',
      );
      entries.set(id, { windowEnds: now + windowMs, suppressed: 0 });
    },
    get suppressedTotal() {
      return suppressedTotal;
    },
  };
}
