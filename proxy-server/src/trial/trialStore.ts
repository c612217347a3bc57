/**
 * Server-side trial counts (SQLite). A run first reserves a slot for the visitor and for the IP in
 * one immediate transaction, so concurrent requests cannot overshoot; success commits the slot,
 * failure releases it, so a failed run does not count. IPs are stored as keyed hashes only.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../db';

export interface TrialLimits {
  perVisitor: number;
  perIp: number;
}

export interface Reservation {
  /** Counts the run; returns the remaining runs after it. */
  commit(): number;
  /** Gives the slot back (failed run). */
  release(): void;
}

export interface TrialStore {
  remaining(visitorId: string, ip: string): number;
  reserve(visitorId: string, ip: string): Reservation | null;
}

interface Row {
  used: number;
  reserved: number;
}

export function createTrialStore(db: Db, limits: TrialLimits, secret: string): TrialStore {
  const ipHash = (ip: string) => createHmac('sha256', secret).update(`trial-ip:${ip}`).digest('base64url');

  const getVisitor = db.prepare<[string], Row>('SELECT used, reserved FROM trial_visitors WHERE id = ?');
  const getIp = db.prepare<[string], Row>('SELECT used, reserved FROM trial_ips WHERE ip_hash = ?');
  const upsertVisitor = db.prepare<[string, number, number, number]>(
    `INSERT INTO trial_visitors (id, used, reserved, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET used = used + excluded.used, reserved = MAX(0, reserved + excluded.reserved), updated_at = excluded.updated_at`,
  );
  const upsertIp = db.prepare<[string, number, number, number]>(
    `INSERT INTO trial_ips (ip_hash, used, reserved, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(ip_hash) DO UPDATE SET used = used + excluded.used, reserved = MAX(0, reserved + excluded.reserved), updated_at = excluded.updated_at`,
  );

  const remainingOf = (v: Row | undefined, i: Row | undefined) =>
    Math.max(0, Math.min(limits.perVisitor - (v?.used ?? 0), limits.perIp - (i?.used ?? 0)));

  const adjust = db.transaction((visitorId: string, ip: string, used: number, reserved: number) => {
    const now = Date.now();
    upsertVisitor.run(visitorId, used, reserved, now);
    upsertIp.run(ip, used, reserved, now);
  });

  const tryReserve = db.transaction((visitorId: string, ip: string): boolean => {
    const v = getVisitor.get(visitorId);
    const i = getIp.get(ip);
    const visitorTaken = (v?.used ?? 0) + (v?.reserved ?? 0);
    const ipTaken = (i?.used ?? 0) + (i?.reserved ?? 0);
    if (visitorTaken >= limits.perVisitor || ipTaken >= limits.perIp) return false;
    const now = Date.now();
    upsertVisitor.run(visitorId, 0, 1, now);
    upsertIp.run(ip, 0, 1, now);
    return true;
  });

  return {
    remaining(visitorId, ip) {
      return remainingOf(getVisitor.get(visitorId), getIp.get(ipHash(ip)));
    },
    reserve(visitorId, ip) {
      const hashed = ipHash(ip);
      if (!tryReserve.immediate(visitorId, hashed)) return null;
      let settled = false;
      return {
        commit() {
          if (!settled) {
            settled = true;
            adjust.immediate(visitorId, hashed, 1, -1);
          }
          return remainingOf(getVisitor.get(visitorId), getIp.get(hashed));
        },
        release() {
          if (settled) return;
          settled = true;
          adjust.immediate(visitorId, hashed, 0, -1);
        },
      };
    },
  };
}
