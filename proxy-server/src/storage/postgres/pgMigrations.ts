/**
 * The PostgreSQL schema, step by step beside the SQLite one (storage/migrations.ts): the same steps
 * under the same names, in the same order, so a deployment moving between backends reads one list.
 * Where a step differs it is because the backend differs (no legacy databases to repair here; trial
 * reservations are rows with their start time, see pgTrialStore). Applied versions are recorded in
 * schema_migrations; the whole run holds an advisory lock, so instances starting together do not race.
 * Append new migrations; never edit a shipped one.
 */
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../migrations';
import { type Client, inTransaction, LOCK, type Pool } from './pgPool';

interface PgMigration {
  name: string;
  sql: string;
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    name: SQLITE_MIGRATIONS[0].name,
    sql: `
      CREATE TABLE trial_visitors (
        id TEXT PRIMARY KEY,
        used INTEGER NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE sessions (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_expires ON sessions (expires_at);`,
  },
  {
    name: SQLITE_MIGRATIONS[1].name,
    sql: `
      CREATE TABLE trial_ip_runs (ip_hash TEXT NOT NULL, at BIGINT NOT NULL);
      CREATE INDEX trial_ip_runs_by_ip ON trial_ip_runs (ip_hash, at);
      CREATE TABLE trial_reservations (
        id BIGSERIAL PRIMARY KEY,
        visitor_id TEXT NOT NULL,
        ip_hash TEXT NOT NULL,
        reserved_at BIGINT NOT NULL
      );
      CREATE INDEX trial_reservations_by_visitor ON trial_reservations (visitor_id, reserved_at);
      CREATE INDEX trial_reservations_by_ip ON trial_reservations (ip_hash, reserved_at);`,
  },
  {
    name: SQLITE_MIGRATIONS[2].name,
    sql: `
      CREATE TABLE user_settings (
        user_id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE user_favorites (
        user_id TEXT NOT NULL,
        id BIGINT NOT NULL,
        original_prompt TEXT NOT NULL,
        optimized_prompt TEXT NOT NULL,
        technique TEXT NOT NULL,
        language TEXT NOT NULL,
        tone TEXT NOT NULL,
        score INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id),
        UNIQUE (user_id, original_prompt, optimized_prompt)
      );
      CREATE TABLE user_progress (
        user_id TEXT PRIMARY KEY,
        xp INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        total_prompts INTEGER NOT NULL DEFAULT 0,
        last_activity BIGINT,
        imported_at BIGINT
      );
      CREATE TABLE user_badges (
        seq BIGSERIAL,
        user_id TEXT NOT NULL,
        badge_id TEXT NOT NULL,
        earned_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, badge_id)
      );
      CREATE TABLE user_history (
        id BIGSERIAL PRIMARY KEY,
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('perfect', 'continue')),
        input TEXT NOT NULL,
        output TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        options TEXT NOT NULL,
        refines BIGINT,
        chain_id BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX user_history_by_user ON user_history (user_id, id);`,
  },
  {
    name: SQLITE_MIGRATIONS[3].name,
    sql: `
      CREATE TABLE test_sets (
        id BIGSERIAL PRIMARY KEY,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        prompt TEXT NOT NULL,
        rubric TEXT NOT NULL,
        cases TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX test_sets_by_user ON test_sets (user_id, updated_at);
      CREATE TABLE api_tokens (
        id BIGSERIAL PRIMARY KEY,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_email TEXT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT
      );
      CREATE INDEX api_tokens_by_user ON api_tokens (user_id);`,
  },
  {
    name: 'deleted accounts: runs started before a deletion record nothing',
    sql: `
      CREATE TABLE deleted_accounts (user_id TEXT PRIMARY KEY, deleted_at BIGINT NOT NULL);
      CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);`,
  },
  {
    name: 'model spend per user and UTC day, for the daily budget',
    sql: 'CREATE TABLE user_spend (user_id TEXT NOT NULL, day TEXT NOT NULL, usd DOUBLE PRECISION NOT NULL, PRIMARY KEY (user_id, day));',
  },
  {
    name: 'a row readiness writes, to prove the database takes writes',
    sql: 'CREATE TABLE health_checks (id INTEGER PRIMARY KEY, at BIGINT NOT NULL);',
  },
  {
    name: SQLITE_MIGRATIONS[7].name,
    sql: "ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'read run';",
  },
  {
    name: SQLITE_MIGRATIONS[8].name,
    sql: `
      CREATE TABLE prompts (
        id BIGSERIAL PRIMARY KEY,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        UNIQUE (user_id, name)
      );
      CREATE TABLE prompt_versions (
        prompt_id BIGINT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        text TEXT NOT NULL,
        variables TEXT NOT NULL,
        technique TEXT,
        provider TEXT,
        model TEXT,
        options TEXT NOT NULL,
        message TEXT NOT NULL,
        created_by TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (prompt_id, version)
      );
      CREATE TABLE prompt_labels (
        prompt_id BIGINT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        version INTEGER NOT NULL,
        protected INTEGER NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (prompt_id, label)
      );
      CREATE TABLE prompt_label_moves (
        id BIGSERIAL PRIMARY KEY,
        prompt_id BIGINT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        from_version INTEGER,
        to_version INTEGER,
        moved_by TEXT NOT NULL,
        moved_at BIGINT NOT NULL,
        undo INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX prompt_label_moves_by_prompt ON prompt_label_moves (prompt_id, label, id);`,
  },
  {
    name: SQLITE_MIGRATIONS[9].name,
    sql: `
      CREATE TABLE prompt_webhooks (
        user_id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        secret TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE prompt_webhook_deliveries (
        id BIGSERIAL PRIMARY KEY,
        user_id TEXT NOT NULL,
        url TEXT NOT NULL,
        payload TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_response INTEGER,
        last_error TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX prompt_webhook_deliveries_by_user ON prompt_webhook_deliveries (user_id, id);`,
  },
  {
    name: SQLITE_MIGRATIONS[10].name,
    sql: 'ALTER TABLE user_history ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0;',
  },
  {
    name: SQLITE_MIGRATIONS[11].name,
    sql: "ALTER TABLE test_sets ADD COLUMN split TEXT NOT NULL DEFAULT '{}';",
  },
  {
    name: SQLITE_MIGRATIONS[12].name,
    sql: `
      CREATE TABLE remote_releases (
        id BIGSERIAL PRIMARY KEY,
        remote TEXT NOT NULL,
        url TEXT NOT NULL,
        version TEXT NOT NULL,
        released_by TEXT NOT NULL,
        released_at BIGINT NOT NULL,
        rolled_back_at BIGINT,
        failures INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX remote_releases_by_remote ON remote_releases (remote, id);
      CREATE TABLE remote_canaries (
        remote TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        version TEXT NOT NULL,
        percent INTEGER NOT NULL,
        released_by TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0
      );`,
  },
];

async function appliedVersion(client: Client): Promise<number> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  const { rows } = await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
  return rows[0].v ?? 0;
}

/** Runs the migrations the database has not seen yet, all in one transaction; returns their names. */
export async function migratePg(pool: Pool, migrations: readonly PgMigration[] = PG_MIGRATIONS): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK.migrations]);
    const from = await appliedVersion(client);
    if (from > migrations.length) {
      throw new Error(
        `the database has schema version ${from}, newer than this server knows (${migrations.length}): run a newer server or restore a backup`,
      );
    }
    const applied: string[] = [];
    for (let version = from; version < migrations.length; version++) {
      await client.query(migrations[version].sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        version + 1,
        migrations[version].name,
      ]);
      applied.push(migrations[version].name);
    }
    return applied;
  });
}
