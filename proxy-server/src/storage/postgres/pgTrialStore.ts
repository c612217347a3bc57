/**
 * TrialStore on PostgreSQL, shared by every instance. A reservation is one transaction that takes
 * advisory locks on the visitor and on the IP (always in that order, so no deadlock), counts what is
 * used and reserved, and inserts a reservation row: exact under any concurrency, across instances.
 *
 * Reservations are rows with their start time, not a counter: an instance that dies mid-run cannot
 * clear the counters of the others at start-up as SQLite does, so a reservation older than
 * `reservationTtlMs` (longer than any run can take) simply stops counting.
 */
import { ipHasher, settleOnce, type TrialLimits, type TrialStore } from '../../trial/trialStore';
import { inTransaction, LOCK, type Pool } from './pgPool';

interface PgTrialLimits extends TrialLimits {
  reservationTtlMs: number;
}

export function createPgTrialStore(
  pool: Pool,
  limits: PgTrialLimits,
  secret: string,
  now: () => number = Date.now,
): TrialStore {
  const ipHash = ipHasher(secret);

  /** The four counts behind every decision; $1 visitor, $2 IP hash, $3 start of the IP window, $4 oldest live reservation. */
  const COUNTS = `
    SELECT
      COALESCE((SELECT used FROM trial_visitors WHERE id = $1), 0) AS visitor_used,
      (SELECT COUNT(*) FROM trial_reservations WHERE visitor_id = $1 AND reserved_at > $4) AS visitor_reserved,
      (SELECT COUNT(*) FROM trial_ip_runs WHERE ip_hash = $2 AND at > $3) AS ip_used,
      (SELECT COUNT(*) FROM trial_reservations WHERE ip_hash = $2 AND reserved_at > $4) AS ip_reserved`;
  const countParams = (visitorId: string, hashed: string, at: number) => [
    visitorId,
    hashed,
    at - limits.ipWindowMs,
    at - limits.reservationTtlMs,
  ];

  const remainingOf = async (visitorId: string, hashed: string) => {
    const { rows } = await pool.query<{ visitor_used: number; ip_used: number }>(
      COUNTS,
      countParams(visitorId, hashed, now()),
    );
    const c = rows[0];
    return Math.max(0, Math.min(limits.perVisitor - c.visitor_used, limits.perIp - c.ip_used));
  };

  const settle = (reservationId: number, visitorId: string, hashed: string) => async (counted: boolean) => {
    await inTransaction(pool, async (client) => {
      await client.query('DELETE FROM trial_reservations WHERE id = $1', [reservationId]);
      if (!counted) return;
      const at = now();
      await client.query(
        `INSERT INTO trial_visitors (id, used, updated_at) VALUES ($1, 1, $2)
         ON CONFLICT (id) DO UPDATE SET used = trial_visitors.used + 1, updated_at = excluded.updated_at`,
        [visitorId, at],
      );
      await client.query('DELETE FROM trial_ip_runs WHERE ip_hash = $1 AND at <= $2', [hashed, at - limits.ipWindowMs]);
      await client.query('INSERT INTO trial_ip_runs (ip_hash, at) VALUES ($1, $2)', [hashed, at]);
    });
  };

  return {
    remaining(visitorId, ip) {
      return remainingOf(visitorId, ipHash(ip));
    },
    async reserve(visitorId, ip) {
      const hashed = ipHash(ip);
      const reservationId = await inTransaction(pool, async (client) => {
        // Visitor first, then IP, in every transaction: no two can wait on each other.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2)), pg_advisory_xact_lock($3, hashtext($4))', [
          LOCK.trialVisitor,
          visitorId,
          LOCK.trialIp,
          hashed,
        ]);
        // Counted and inserted in one statement, whose snapshot starts after the locks are held.
        const at = now();
        const { rows } = await client.query<{ id: number }>(
          `WITH c AS (${COUNTS})
           INSERT INTO trial_reservations (visitor_id, ip_hash, reserved_at)
           SELECT $1, $2, $5::bigint FROM c
           WHERE c.visitor_used + c.visitor_reserved < $6::int AND c.ip_used + c.ip_reserved < $7::int
           RETURNING id`,
          [...countParams(visitorId, hashed, at), at, limits.perVisitor, limits.perIp],
        );
        return rows[0]?.id ?? null;
      });
      if (reservationId === null) return null;
      return settleOnce(settle(reservationId, visitorId, hashed), () => remainingOf(visitorId, hashed));
    },
  };
}

/** Start-up housekeeping: reservations past their time count for nothing; drop them. */
export async function forgetExpiredReservations(pool: Pool, reservationTtlMs: number): Promise<void> {
  await pool.query('DELETE FROM trial_reservations WHERE reserved_at <= $1', [Date.now() - reservationTtlMs]);
}
