/**
 * Server-side trial counts. A run first reserves a slot for the visitor and for the IP, atomically,
 * so concurrent requests (on one instance or many) cannot overshoot; success commits the slot,
 * failure releases it, so a failed run does not count. IPs are stored as keyed hashes only.
 *
 * The visitor (cookie) gets the spec's 10 runs for good. The per-IP ceiling counts runs in a rolling
 * window, so an office or a mobile carrier behind one address does not share 10 runs for life.
 * Implementation: trialCounts (SQLite and PostgreSQL alike).
 */
import { createHmac } from 'node:crypto';

export interface TrialLimits {
  perVisitor: number;
  perIp: number;
  ipWindowMs: number;
}

export interface Reservation {
  /** Counts the run; resolves to the remaining runs after it. */
  commit(): Promise<number>;
  /** Gives the slot back (failed run). */
  release(): Promise<void>;
}

export interface TrialStore {
  remaining(visitorId: string, ip: string): Promise<number>;
  reserve(visitorId: string, ip: string): Promise<Reservation | null>;
}

/** What the stores keep in place of an IP address. */
export function ipHasher(secret: string): (ip: string) => string {
  return (ip) => createHmac('sha256', secret).update(`trial-ip:${ip}`).digest('base64url');
}

/** A reservation whose commit or release takes effect once, whichever comes first. */
export function settleOnce(settle: (counted: boolean) => Promise<void>, remaining: () => Promise<number>): Reservation {
  let settled = false;
  return {
    async commit() {
      if (!settled) {
        settled = true;
        await settle(true);
      }
      return remaining();
    },
    async release() {
      if (settled) return;
      settled = true;
      await settle(false);
    },
  };
}
