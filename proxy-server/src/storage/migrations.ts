/**
 * Versioned schema changes for the SQLite database, applied in order inside one transaction each;
 * PRAGMA user_version records how many have run. Append new migrations; never edit a shipped one.
 */
import type { Db } from '../db';

export interface Migration {
  /** What the step changes, for the log and for people reading this list. */
  name: string;
  up(db: Db): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'trial counts and hashed local sessions',
    up(db) {
      // Databases from before sessions were stored hashed keep raw session ids (usable cookies) in
      // sessions.id. Those rows cannot become anything safer than a forced sign-in: drop them.
      const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('sessions')").all();
      if (columns.some((c) => c.name === 'id')) db.exec('DROP TABLE sessions;');
      // IF NOT EXISTS: databases created before versioning already hold these tables.
      db.exec(`
        CREATE TABLE IF NOT EXISTS trial_visitors (
          id TEXT PRIMARY KEY,
          used INTEGER NOT NULL DEFAULT 0,
          reserved INTEGER NOT NULL DEFAULT 0,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS trial_ips (
          ip_hash TEXT PRIMARY KEY,
          used INTEGER NOT NULL DEFAULT 0,
          reserved INTEGER NOT NULL DEFAULT 0,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS sessions (
          id_hash TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          name TEXT NOT NULL,
          email TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);
      `);
    },
  },
  {
    name: 'per-IP trial runs with their time, for a rolling window',
    up(db) {
      db.exec(`
        CREATE TABLE trial_ip_runs (ip_hash TEXT NOT NULL, at INTEGER NOT NULL);
        CREATE INDEX trial_ip_runs_by_ip ON trial_ip_runs (ip_hash, at);
        CREATE TABLE trial_ip_reservations (ip_hash TEXT PRIMARY KEY, reserved INTEGER NOT NULL);
      `);
      // Runs counted so far keep counting from their last update, so nobody gets a fresh window
      // out of the upgrade; they age out like any other run.
      const rows = db
        .prepare<[], { ip_hash: string; used: number; updated_at: number }>(
          'SELECT ip_hash, used, updated_at FROM trial_ips WHERE used > 0',
        )
        .all();
      const insert = db.prepare('INSERT INTO trial_ip_runs (ip_hash, at) VALUES (?, ?)');
      for (const row of rows)
        for (let i = 0; i < Math.min(row.used, 1000); i++) insert.run(row.ip_hash, row.updated_at);
      db.exec('DROP TABLE trial_ips;');
    },
  },
  {
    name: 'account data per user: settings, favorites, progress, badges, run history',
    up(db) {
      db.exec(`
        CREATE TABLE user_settings (
          user_id TEXT PRIMARY KEY,
          settings TEXT NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE TABLE user_favorites (
          user_id TEXT NOT NULL,
          id INTEGER NOT NULL,
          original_prompt TEXT NOT NULL,
          optimized_prompt TEXT NOT NULL,
          technique TEXT NOT NULL,
          language TEXT NOT NULL,
          tone TEXT NOT NULL,
          score INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, id),
          UNIQUE (user_id, original_prompt, optimized_prompt)
        );
        CREATE TABLE user_progress (
          user_id TEXT PRIMARY KEY,
          xp INTEGER NOT NULL DEFAULT 0,
          streak INTEGER NOT NULL DEFAULT 0,
          total_prompts INTEGER NOT NULL DEFAULT 0,
          last_activity INTEGER,
          imported_at INTEGER
        );
        CREATE TABLE user_badges (
          user_id TEXT NOT NULL,
          badge_id TEXT NOT NULL,
          earned_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, badge_id)
        );
        CREATE TABLE user_history (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('perfect', 'continue')),
          input TEXT NOT NULL,
          output TEXT NOT NULL,
          provider TEXT NOT NULL,
          model TEXT NOT NULL,
          options TEXT NOT NULL,
          refines INTEGER,
          chain_id INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX user_history_by_user ON user_history (user_id, id);
      `);
    },
  },
  {
    name: '[prove] test sets per user and personal API tokens',
    up(db) {
      db.exec(`
        CREATE TABLE test_sets (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          name TEXT NOT NULL,
          prompt TEXT NOT NULL,
          rubric TEXT NOT NULL,
          cases TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX test_sets_by_user ON test_sets (user_id, updated_at);
        CREATE TABLE api_tokens (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          user_name TEXT NOT NULL,
          user_email TEXT NOT NULL,
          name TEXT NOT NULL,
          token_hash TEXT NOT NULL UNIQUE,
          created_at INTEGER NOT NULL,
          last_used_at INTEGER
        );
        CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
      `);
    },
  },
  {
    name: 'deleted accounts: runs started before a deletion record nothing',
    up(db) {
      db.exec(`
        CREATE TABLE deleted_accounts (user_id TEXT PRIMARY KEY, deleted_at INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);
      `);
    },
  },
  {
    name: 'model spend per user and UTC day, for the daily budget',
    up(db) {
      db.exec(
        'CREATE TABLE user_spend (user_id TEXT NOT NULL, day TEXT NOT NULL, usd REAL NOT NULL, PRIMARY KEY (user_id, day));',
      );
    },
  },
  {
    name: 'a row readiness writes, to prove the database takes writes',
    up(db) {
      db.exec('CREATE TABLE health_checks (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);');
    },
  },
  {
    name: 'scopes on personal API tokens (existing tokens keep read and run)',
    up(db) {
      db.exec("ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'read run';");
    },
  },
  {
    name: '[registry] named prompts, numbered versions, labels and their moves',
    up(db) {
      db.exec(`
        CREATE TABLE prompts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          name TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          UNIQUE (user_id, name)
        );
        CREATE TABLE prompt_versions (
          prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
          version INTEGER NOT NULL,
          text TEXT NOT NULL,
          variables TEXT NOT NULL,
          technique TEXT,
          provider TEXT,
          model TEXT,
          options TEXT NOT NULL,
          message TEXT NOT NULL,
          created_by TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (prompt_id, version)
        );
        CREATE TABLE prompt_labels (
          prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
          label TEXT NOT NULL,
          version INTEGER NOT NULL,
          protected INTEGER NOT NULL DEFAULT 0,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (prompt_id, label)
        );
        CREATE TABLE prompt_label_moves (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
          label TEXT NOT NULL,
          from_version INTEGER,
          to_version INTEGER,
          moved_by TEXT NOT NULL,
          moved_at INTEGER NOT NULL,
          undo INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX prompt_label_moves_by_prompt ON prompt_label_moves (prompt_id, label, id);
      `);
    },
  },
  {
    name: '[registry] a webhook per account for label moves, and its deliveries',
    up(db) {
      db.exec(`
        CREATE TABLE prompt_webhooks (
          user_id TEXT PRIMARY KEY,
          url TEXT NOT NULL,
          secret TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE prompt_webhook_deliveries (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          url TEXT NOT NULL,
          payload TEXT NOT NULL,
          status TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_response INTEGER,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX prompt_webhook_deliveries_by_user ON prompt_webhook_deliveries (user_id, id);
      `);
    },
  },
  {
    name: 'history marks a run the user stopped before its answer ended',
    up(db) {
      db.exec('ALTER TABLE user_history ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0;');
    },
  },
  {
    name: "[prove] a test set keeps its split and counts each case's confirmatory tests",
    up(db) {
      db.exec("ALTER TABLE test_sets ADD COLUMN split TEXT NOT NULL DEFAULT '{}';");
    },
  },
  {
    name: '[remotes] releases of each remote, rollbacks and canaries',
    up(db) {
      db.exec(`
        CREATE TABLE remote_releases (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          remote TEXT NOT NULL,
          url TEXT NOT NULL,
          version TEXT NOT NULL,
          released_by TEXT NOT NULL,
          released_at INTEGER NOT NULL,
          rolled_back_at INTEGER,
          failures INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX remote_releases_by_remote ON remote_releases (remote, id);
        CREATE TABLE remote_canaries (
          remote TEXT PRIMARY KEY,
          url TEXT NOT NULL,
          version TEXT NOT NULL,
          percent INTEGER NOT NULL,
          released_by TEXT NOT NULL,
          started_at INTEGER NOT NULL,
          failures INTEGER NOT NULL DEFAULT 0
        );
      `);
    },
  },
];

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs the migrations the database has not seen yet; returns the names of those applied. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): string[] {
  const from = schemaVersion(db);
  if (from > migrations.length) {
    throw new Error(
      `the database has schema version ${from}, newer than this server knows (${migrations.length}): run a newer server or restore a backup`,
    );
  }
  const applied: string[] = [];
  for (let version = from; version < migrations.length; version++) {
    const step = migrations[version];
    db.transaction(() => {
      step.up(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
    applied.push(step.name);
  }
  return applied;
}
