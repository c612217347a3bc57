/**
 * The migrations, in order, run by Kysely's Migrator on both backends and recorded in
 * kysely_migration. Append new ones (a name that sorts last); never edit a shipped one.
 */
import { type Migration, Migrator, sql } from 'kysely';
import { isPostgres, type StorageDb, transaction } from '../dialect';
import { baseline } from './baseline';
import type { MigrationDb } from './columnTypes';
import { LEGACY_MIGRATIONS, legacyVersion, markHandedOver } from './legacy';
import { organizations } from './organizations';
import { shareLinkMakerName } from './shareLinkMakerName';
import { trialReservationRows } from './trialReservationRows';

export const MIGRATIONS: Record<string, Migration> = {
  '0001_baseline': {
    async up(db: MigrationDb) {
      await baseline.up(db);
      await markHandedOver(db);
    },
  },
  '0002_trial_reservation_rows': trialReservationRows,
  '0003_organizations': organizations,
  '0004_auditshare_share_link_maker_name': shareLinkMakerName,
};

const newer = (version: number, known: number) =>
  new Error(
    `the database has schema version ${version}, newer than this server knows (${known}): run a newer server or restore a backup`,
  );

/** A database a newer server migrated is refused, never half understood. */
async function refuseNewer(db: StorageDb): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const known = Object.keys(MIGRATIONS);
  if (!tables.some((t) => t.name === 'kysely_migration')) {
    const legacy = await legacyVersion(db as MigrationDb);
    if (legacy > LEGACY_MIGRATIONS) throw newer(legacy, LEGACY_MIGRATIONS);
    return;
  }
  const { rows: executed } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  if (executed.some((m) => !known.includes(m.name))) throw newer(executed.length, known.length);
}

/** Brings the database up to date; returns the names of the migrations applied. */
export function migrateToLatest(db: StorageDb): Promise<string[]> {
  // PostgreSQL: the Migrator's advisory lock and transaction. SQLite: the whole run in one of ours
  // (BEGIN IMMEDIATE), so two servers starting on one file take turns.
  return isPostgres(db) ? migrate(db, false) : transaction(db, (trx) => migrate(trx, true));
}

async function migrate(db: StorageDb, inOurTransaction: boolean): Promise<string[]> {
  await refuseNewer(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    disableTransactions: inOurTransaction,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
