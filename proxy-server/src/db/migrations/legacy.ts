/**
 * The bookkeeping of the thirteen migrations from before Kysely: PRAGMA user_version on SQLite, the
 * schema_migrations table on PostgreSQL. The baseline migration brings any of those versions forward;
 * these read the version (to refuse a database a newer server of that era wrote) and move it past
 * thirteen once Kysely has taken over, so a server from before refuses the database, as it refuses any
 * newer one, instead of running on a schema it does not know.
 */
import { sql } from 'kysely';
import { isPostgres } from '../dialect';
import type { MigrationDb } from './columnTypes';

export const LEGACY_MIGRATIONS = 13;
const HANDED_OVER = LEGACY_MIGRATIONS + 1;

export async function legacyVersion(db: MigrationDb): Promise<number> {
  if (!isPostgres(db)) {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
    return rows[0].user_version;
  }
  const { rows: table } = await sql<{ t: string | null }>`SELECT to_regclass('schema_migrations') AS t`.execute(db);
  if (table[0].t === null) return 0;
  const { rows } = await sql<{ v: number | null }>`SELECT MAX(version) AS v FROM schema_migrations`.execute(db);
  return rows[0].v ?? 0;
}

export async function markHandedOver(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) {
    await sql`pragma user_version = ${sql.lit(HANDED_OVER)}`.execute(db);
    return;
  }
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`.execute(db);
  await sql`INSERT INTO schema_migrations (version, name) VALUES (${HANDED_OVER}, 'later migrations are in kysely_migration')
    ON CONFLICT DO NOTHING`.execute(db);
}
