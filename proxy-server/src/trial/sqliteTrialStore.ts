/** TrialStore on the embedded SQLite database: immediate transactions serialise the reservations. */
import type { Db } from '../db';
import { ipHasher, settleOnce, type TrialLimits, type TrialStore } from './trialStore';
interface VisitorRow {
  used: number;
  reserved: number;
}

export function createSqliteTrialStore(
  db: Db,
  limits: TrialLimits,
  secret: string,
  now: () => number = Date.now,
): TrialStore {
  const ipHash = ipHasher(secret);

  const getVisitor = db.prepare<[string], VisitorRow>('SELECT used, reserved FROM trial_visitors WHERE id = ?');
  const upsertVisitor = db.prepare<[string, number, number, number]>(
    `INSERT INTO trial_visitors (id, used, reserved, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET used = used + excluded.used, reserved = MAX(0, reserved + excluded.reserved), updated_at = excluded.updated_at`,
  );
  const ipRunsSince = db.prepare<[string, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM trial_ip_runs WHERE ip_hash = ? AND at > ?',
  );
  const ipReserved = db.prepare<[string], { reserved: number }>(
    'SELECT reserved FROM trial_ip_reservations WHERE ip_hash = ?',
  );
  const addIpRun = db.prepare<[string, number]>('INSERT INTO trial_ip_runs (ip_hash, at) VALUES (?, ?)');
  const forgetOldIpRuns = db.prepare<[string, number]>('DELETE FROM trial_ip_runs WHERE ip_hash = ? AND at <= ?');
  const adjustIpReserved = db.prepare<{ ip: string; delta: number }>(
    `INSERT INTO trial_ip_reservations (ip_hash, reserved) VALUES (@ip, MAX(0, @delta))
     ON CONFLICT(ip_hash) DO UPDATE SET reserved = MAX(0, reserved + @delta)`,
  );

  const ipUsed = (hashed: string) => ipRunsSince.get(hashed, now() - limits.ipWindowMs)?.n ?? 0;
  const remainingOf = (visitorId: string, hashed: string) =>
    Math.max(0, Math.min(limits.perVisitor - (getVisitor.get(visitorId)?.used ?? 0), limits.perIp - ipUsed(hashed)));

  const tryReserve = db.transaction((visitorId: string, hashed: string): boolean => {
    forgetOldIpRuns.run(hashed, now() - limits.ipWindowMs);
    const v = getVisitor.get(visitorId);
    const visitorTaken = (v?.used ?? 0) + (v?.reserved ?? 0);
    const ipTaken = ipUsed(hashed) + (ipReserved.get(hashed)?.reserved ?? 0);
    if (visitorTaken >= limits.perVisitor || ipTaken >= limits.perIp) return false;
    upsertVisitor.run(visitorId, 0, 1, now());
    adjustIpReserved.run({ ip: hashed, delta: 1 });
    return true;
  });

  const settle = db.transaction((visitorId: string, hashed: string, counted: boolean) => {
    const at = now();
    upsertVisitor.run(visitorId, counted ? 1 : 0, -1, at);
    adjustIpReserved.run({ ip: hashed, delta: -1 });
    if (counted) addIpRun.run(hashed, at);
  });

  return {
    async remaining(visitorId, ip) {
      return remainingOf(visitorId, ipHash(ip));
    },
    async reserve(visitorId, ip) {
      const hashed = ipHash(ip);
      if (!tryReserve.immediate(visitorId, hashed)) return null;
      return settleOnce(
        async (counted) => settle.immediate(visitorId, hashed, counted),
        async () => remainingOf(visitorId, hashed),
      );
    },
  };
}
