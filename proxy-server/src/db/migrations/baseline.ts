/**
 * 0001: the schema the thirteen migrations before Kysely built (they ran from storage/migrations.ts
 * and postgres/pgMigrations.ts, recorded in PRAGMA user_version and schema_migrations), written once
 * for both dialects. Every step is idempotent, so the same migration creates a new database and
 * brings forward a database of any of those versions in place: tables and indexes it lacks are
 * created, the three columns added over time are added where missing, and the two repairs the first
 * SQLite migrations made to databases from before versioning are made. legacy.ts then marks the
 * database as handed over, so a server from before Kysely refuses it instead of guessing.
 */
import { sql } from 'kysely';
import { isPostgres } from '../dialect';
import { columnTypes, type MigrationDb, notNull } from './columnTypes';

async function columnsOf(db: MigrationDb, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
}

async function addColumnIfMissing(
  db: MigrationDb,
  table: string,
  column: string,
  type: 'integer' | 'text',
  def: string | number,
) {
  if ((await columnsOf(db, table)).includes(column)) return;
  await db.schema
    .alterTable(table)
    .addColumn(column, type, (c) => c.notNull().defaultTo(def))
    .execute();
}

/** SQLite databases from before versioning: raw session ids (usable cookies) go; per-IP counts become runs. */
async function repairUnversionedSqlite(db: MigrationDb) {
  if ((await columnsOf(db, 'sessions')).includes('id')) await db.schema.dropTable('sessions').execute();
  if ((await columnsOf(db, 'trial_ips')).length === 0) return;
  await db.schema
    .createTable('trial_ip_runs')
    .ifNotExists()
    .addColumn('ip_hash', 'text', notNull)
    .addColumn('at', 'integer', notNull)
    .execute();
  // Runs counted so far keep counting from their last update; they age out like any other run.
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
    INSERT INTO trial_ip_runs (ip_hash, at)
    SELECT ip_hash, updated_at FROM trial_ips JOIN n ON n.i <= MIN(trial_ips.used, 1000) WHERE used > 0`.execute(db);
  await db.schema.dropTable('trial_ips').execute();
}

async function trialAndSessions(db: MigrationDb) {
  const { big } = columnTypes(db);
  const pg = isPostgres(db);
  let visitors = db.schema
    .createTable('trial_visitors')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0));
  if (!pg) visitors = visitors.addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0));
  await visitors.addColumn('updated_at', big, notNull).execute();
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('created_at', big, notNull)
    .addColumn('expires_at', big, notNull)
    .execute();
  await db.schema.createIndex('sessions_expires').ifNotExists().on('sessions').column('expires_at').execute();
  await db.schema
    .createTable('trial_ip_runs')
    .ifNotExists()
    .addColumn('ip_hash', 'text', notNull)
    .addColumn('at', big, notNull)
    .execute();
  await db.schema
    .createIndex('trial_ip_runs_by_ip')
    .ifNotExists()
    .on('trial_ip_runs')
    .columns(['ip_hash', 'at'])
    .execute();
  if (pg) {
    await columnTypes(db)
      .withId(db.schema.createTable('trial_reservations').ifNotExists())
      .addColumn('visitor_id', 'text', notNull)
      .addColumn('ip_hash', 'text', notNull)
      .addColumn('reserved_at', big, notNull)
      .execute();
    await db.schema
      .createIndex('trial_reservations_by_visitor')
      .ifNotExists()
      .on('trial_reservations')
      .columns(['visitor_id', 'reserved_at'])
      .execute();
    await db.schema
      .createIndex('trial_reservations_by_ip')
      .ifNotExists()
      .on('trial_reservations')
      .columns(['ip_hash', 'reserved_at'])
      .execute();
  } else {
    await db.schema
      .createTable('trial_ip_reservations')
      .ifNotExists()
      .addColumn('ip_hash', 'text', (c) => c.primaryKey())
      .addColumn('reserved', 'integer', notNull)
      .execute();
  }
}

async function accountData(db: MigrationDb) {
  const { big, withId } = columnTypes(db);
  await db.schema
    .createTable('user_settings')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('settings', 'text', notNull)
    .addColumn('updated_at', big, notNull)
    .execute();
  await db.schema
    .createTable('user_favorites')
    .ifNotExists()
    .addColumn('user_id', 'text', notNull)
    .addColumn('id', big, notNull)
    .addColumn('original_prompt', 'text', notNull)
    .addColumn('optimized_prompt', 'text', notNull)
    .addColumn('technique', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('tone', 'text', notNull)
    .addColumn('score', 'integer', notNull)
    .addColumn('created_at', big, notNull)
    .addPrimaryKeyConstraint('user_favorites_pkey', ['user_id', 'id'])
    .addUniqueConstraint('user_favorites_user_id_original_prompt_optimized_prompt_key', [
      'user_id',
      'original_prompt',
      'optimized_prompt',
    ])
    .execute();
  await db.schema
    .createTable('user_progress')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('xp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_prompts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity', big)
    .addColumn('imported_at', big)
    .execute();
  let badges = db.schema.createTable('user_badges').ifNotExists();
  // PostgreSQL has no rowid to keep the order badges were earned in.
  if (isPostgres(db)) badges = badges.addColumn('seq', 'bigserial');
  await badges
    .addColumn('user_id', 'text', notNull)
    .addColumn('badge_id', 'text', notNull)
    .addColumn('earned_at', big, notNull)
    .addPrimaryKeyConstraint('user_badges_pkey', ['user_id', 'badge_id'])
    .execute();
  await withId(db.schema.createTable('user_history').ifNotExists())
    .addColumn('user_id', 'text', notNull)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('perfect', 'continue')`))
    .addColumn('input', 'text', notNull)
    .addColumn('output', 'text', notNull)
    .addColumn('provider', 'text', notNull)
    .addColumn('model', 'text', notNull)
    .addColumn('options', 'text', notNull)
    .addColumn('refines', big)
    .addColumn('chain_id', big, notNull)
    .addColumn('created_at', big, notNull)
    .addColumn('stopped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await addColumnIfMissing(db, 'user_history', 'stopped', 'integer', 0);
  await db.schema
    .createIndex('user_history_by_user')
    .ifNotExists()
    .on('user_history')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('deleted_accounts')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('deleted_at', big, notNull)
    .execute();
  await db.schema.createIndex('sessions_by_user').ifNotExists().on('sessions').column('user_id').execute();
  await db.schema
    .createTable('user_spend')
    .ifNotExists()
    .addColumn('user_id', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('usd', columnTypes(db).real, notNull)
    .addPrimaryKeyConstraint('user_spend_pkey', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('health_checks')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('at', big, notNull)
    .execute();
}

async function prove(db: MigrationDb) {
  const { big, withId } = columnTypes(db);
  await withId(db.schema.createTable('test_sets').ifNotExists())
    .addColumn('user_id', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('prompt', 'text', notNull)
    .addColumn('rubric', 'text', notNull)
    .addColumn('cases', 'text', notNull)
    .addColumn('created_at', big, notNull)
    .addColumn('updated_at', big, notNull)
    .addColumn('split', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await addColumnIfMissing(db, 'test_sets', 'split', 'text', '{}');
  await db.schema
    .createIndex('test_sets_by_user')
    .ifNotExists()
    .on('test_sets')
    .columns(['user_id', 'updated_at'])
    .execute();
  await withId(db.schema.createTable('api_tokens').ifNotExists())
    .addColumn('user_id', 'text', notNull)
    .addColumn('user_name', 'text', notNull)
    .addColumn('user_email', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', big, notNull)
    .addColumn('last_used_at', big)
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('read run'))
    .execute();
  // Tokens made before scopes existed keep read and run.
  await addColumnIfMissing(db, 'api_tokens', 'scopes', 'text', 'read run');
  await db.schema.createIndex('api_tokens_by_user').ifNotExists().on('api_tokens').column('user_id').execute();
}

async function registry(db: MigrationDb) {
  const { big, withId } = columnTypes(db);
  const ofPrompt = (c: Parameters<typeof notNull>[0]) => c.notNull().references('prompts.id').onDelete('cascade');
  await withId(db.schema.createTable('prompts').ifNotExists())
    .addColumn('user_id', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', big, notNull)
    .addColumn('updated_at', big, notNull)
    .addUniqueConstraint('prompts_user_id_name_key', ['user_id', 'name'])
    .execute();
  await db.schema
    .createTable('prompt_versions')
    .ifNotExists()
    .addColumn('prompt_id', big, ofPrompt)
    .addColumn('version', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('variables', 'text', notNull)
    .addColumn('technique', 'text')
    .addColumn('provider', 'text')
    .addColumn('model', 'text')
    .addColumn('options', 'text', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('created_by', 'text', notNull)
    .addColumn('created_at', big, notNull)
    .addPrimaryKeyConstraint('prompt_versions_pkey', ['prompt_id', 'version'])
    .execute();
  await db.schema
    .createTable('prompt_labels')
    .ifNotExists()
    .addColumn('prompt_id', big, ofPrompt)
    .addColumn('label', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('protected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', big, notNull)
    .addPrimaryKeyConstraint('prompt_labels_pkey', ['prompt_id', 'label'])
    .execute();
  await withId(db.schema.createTable('prompt_label_moves').ifNotExists())
    .addColumn('prompt_id', big, ofPrompt)
    .addColumn('label', 'text', notNull)
    .addColumn('from_version', 'integer')
    .addColumn('to_version', 'integer')
    .addColumn('moved_by', 'text', notNull)
    .addColumn('moved_at', big, notNull)
    .addColumn('undo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('prompt_label_moves_by_prompt')
    .ifNotExists()
    .on('prompt_label_moves')
    .columns(['prompt_id', 'label', 'id'])
    .execute();
  await db.schema
    .createTable('prompt_webhooks')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', notNull)
    .addColumn('secret', 'text', notNull)
    .addColumn('created_at', big, notNull)
    .execute();
  await withId(db.schema.createTable('prompt_webhook_deliveries').ifNotExists())
    .addColumn('user_id', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_response', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', big, notNull)
    .addColumn('updated_at', big, notNull)
    .execute();
  await db.schema
    .createIndex('prompt_webhook_deliveries_by_user')
    .ifNotExists()
    .on('prompt_webhook_deliveries')
    .columns(['user_id', 'id'])
    .execute();
}

async function remotes(db: MigrationDb) {
  const { big, withId } = columnTypes(db);
  await withId(db.schema.createTable('remote_releases').ifNotExists())
    .addColumn('remote', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('version', 'text', notNull)
    .addColumn('released_by', 'text', notNull)
    .addColumn('released_at', big, notNull)
    .addColumn('rolled_back_at', big)
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('remote_releases_by_remote')
    .ifNotExists()
    .on('remote_releases')
    .columns(['remote', 'id'])
    .execute();
  await db.schema
    .createTable('remote_canaries')
    .ifNotExists()
    .addColumn('remote', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', notNull)
    .addColumn('version', 'text', notNull)
    .addColumn('percent', 'integer', notNull)
    .addColumn('released_by', 'text', notNull)
    .addColumn('started_at', big, notNull)
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export const baseline = {
  async up(db: MigrationDb) {
    if (!isPostgres(db)) await repairUnversionedSqlite(db);
    await trialAndSessions(db);
    await accountData(db);
    await prove(db);
    await registry(db);
    await remotes(db);
  },
};
