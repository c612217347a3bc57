/**
 * TrialStore on the database, one implementation for SQLite and PostgreSQL. A reservation is one
 * transaction that locks the visitor and the IP (visitor first, always), counts what is used and
 * reserved, and inserts a reservation row: exact under any concurrency, across instances.
 *
 * Reservations are rows with their start time, not a counter: an instance that dies mid-run cannot
 * clear the counts of the others, so a reservation older than `reservationTtlMs` (longer than any run
 * can take) stops counting. SQLite, one instance, also forgets them all at start-up.
 */
import { type StorageDb, LOCK, lockKeys, transaction } from '../../db/dialect';
import { ipHasher, settleOnce, type TrialLimits, type TrialStore } from './trialStore';

interface StoredTrialLimits extends TrialLimits {
  reservationTtlMs: number;
}

export function createTrialStore(
  db: StorageDb,
  limits: StoredTrialLimits,
  secret: string,
  now: () => number = Date.now,
): TrialStore {
  const ipHash = ipHasher(secret);

  /** The four counts behind every decision, at time `at`. */
  const counts = async (q: StorageDb, visitorId: string, hashed: string, at: number) => {
    const live = at - limits.reservationTtlMs;
    const row = await q
      .selectNoFrom((eb) => [
        eb.fn
          .coalesce(eb.selectFrom('trial_visitors').select('used').where('id', '=', visitorId), eb.lit(0))
          .as('visitorUsed'),
        eb
          .selectFrom('trial_reservations')
          .select((r) => r.fn.countAll<number>().as('n'))
          .where('visitor_id', '=', visitorId)
          .where('reserved_at', '>', live)
          .as('visitorReserved'),
        eb
          .selectFrom('trial_ip_runs')
          .select((r) => r.fn.countAll<number>().as('n'))
          .where('ip_hash', '=', hashed)
          .where('at', '>', at - limits.ipWindowMs)
          .as('ipUsed'),
        eb
          .selectFrom('trial_reservations')
          .select((r) => r.fn.countAll<number>().as('n'))
          .where('ip_hash', '=', hashed)
          .where('reserved_at', '>', live)
          .as('ipReserved'),
      ])
      .executeTakeFirstOrThrow();
    return {
      visitorUsed: Number(row.visitorUsed),
      visitorReserved: Number(row.visitorReserved),
      ipUsed: Number(row.ipUsed),
      ipReserved: Number(row.ipReserved),
    };
  };

  const remainingOf = async (visitorId: string, hashed: string) => {
    const c = await counts(db, visitorId, hashed, now());
    return Math.max(0, Math.min(limits.perVisitor - c.visitorUsed, limits.perIp - c.ipUsed));
  };

  const settle = (reservationId: number, visitorId: string, hashed: string) => async (counted: boolean) => {
    await transaction(db, async (trx) => {
      await trx.deleteFrom('trial_reservations').where('id', '=', reservationId).execute();
      if (!counted) return;
      const at = now();
      await trx
        .insertInto('trial_visitors')
        .values({ id: visitorId, used: 1, updated_at: at })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            used: eb('trial_visitors.used', '+', 1),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      await trx
        .deleteFrom('trial_ip_runs')
        .where('ip_hash', '=', hashed)
        .where('at', '<=', at - limits.ipWindowMs)
        .execute();
      await trx.insertInto('trial_ip_runs').values({ ip_hash: hashed, at }).execute();
    });
  };

  return {
    remaining(visitorId, ip) {
      return remainingOf(visitorId, ipHash(ip));
    },
    async reserve(visitorId, ip) {
      const hashed = ipHash(ip);
      const reservationId = await transaction(db, async (trx) => {
        await lockKeys(trx, [
          [LOCK.trialVisitor, visitorId],
          [LOCK.trialIp, hashed],
        ]);
        const at = now();
        const c = await counts(trx, visitorId, hashed, at);
        if (c.visitorUsed + c.visitorReserved >= limits.perVisitor || c.ipUsed + c.ipReserved >= limits.perIp) {
          return null;
        }
        const row = await trx
          .insertInto('trial_reservations')
          .values({ visitor_id: visitorId, ip_hash: hashed, reserved_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      if (reservationId === null) return null;
      return settleOnce(settle(reservationId, visitorId, hashed), () => remainingOf(visitorId, hashed));
    },
  };
}

/** PostgreSQL start-up housekeeping: reservations past their time count for nothing; drop them. */
export async function forgetExpiredReservations(db: StorageDb, reservationTtlMs: number): Promise<void> {
  await db
    .deleteFrom('trial_reservations')
    .where('reserved_at', '<=', Date.now() - reservationTtlMs)
    .execute();
}
