/**
 * Where SQLite and PostgreSQL differ for the stores: one small named function per difference.
 * Everything else is written once, because both speak it: upserts (ON CONFLICT ... DO UPDATE with
 * `excluded`), RETURNING, JSON kept as text, INSERT ... SELECT.
 */
import { type Expression, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { Database } from './schema';

export type StorageDb = Kysely<Database>;

export function isPostgres(db: Pick<StorageDb, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs `work` in one transaction; rolls back if it throws. On SQLite the transaction takes the write
 * lock up front (BEGIN IMMEDIATE), which serialises it with every other writer; the wait for that
 * lock yields to the event loop, so another connection in this process can finish the transaction
 * it holds. On PostgreSQL, lockKeys serialises the transactions that need it.
 */
export function transaction<T>(db: StorageDb, work: (trx: StorageDb) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await beginImmediate(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (err) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw err;
    }
  });
}

const isBusy = (err: unknown) => (err as { code?: string }).code === 'SQLITE_BUSY';

/** BEGIN IMMEDIATE, retried for as long as the connection's busy_timeout, without blocking the process. */
async function beginImmediate(connection: StorageDb): Promise<void> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
  const busyTimeout = rows[0]?.timeout ?? 0;
  const giveUpAt = Date.now() + busyTimeout;
  for (let attempt = 0; ; attempt++) {
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      await sql`begin immediate`.execute(connection);
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() >= giveUpAt) throw err;
    } finally {
      await sql`pragma busy_timeout = ${sql.lit(busyTimeout)}`.execute(connection);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 25)));
  }
}

/** One namespace per kind of key, so the lock on a visitor and the lock on a user id never collide. */
export const LOCK = { trialVisitor: 2, trialIp: 3, user: 4, org: 5 } as const;

/**
 * Serialises the transactions that take the same keys until they end: PostgreSQL advisory locks, in
 * the order given (callers keep one order, so no two wait on each other). SQLite needs none: its
 * transactions hold the whole database's write lock from their start.
 */
export async function lockKeys(trx: StorageDb, keys: ReadonlyArray<readonly [number, string]>): Promise<void> {
  if (!isPostgres(trx) || keys.length === 0) return;
  const locks = keys.map(([space, key]) => sql`pg_advisory_xact_lock(${space}, hashtext(${key}))`);
  await sql`select ${sql.join(locks)}`.execute(trx);
}

/** The order badges were earned in, among those of one millisecond: SQLite's rowid, PostgreSQL's seq column. */
export function earnedOrder(db: StorageDb): Expression<number> {
  return isPostgres(db) ? sql<number>`seq` : sql<number>`rowid`;
}

/** `column` contains `text` as a plain substring, case-insensitively (%, _ and \ match themselves). */
export function containsText(db: StorageDb, column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's LIKE ignores ASCII case already; PostgreSQL's needs ILIKE.
  const like = isPostgres(db) ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${like} ${pattern} escape '\\'`;
}
