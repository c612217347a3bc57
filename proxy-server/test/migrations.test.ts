/** The SQLite schema is versioned (Kysely's Migrator): from an empty database and from the schema before versioning. */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DB_FILE, openDb } from '../src/db/openSqlite';
import { sqliteDatabase } from '../src/db/connect';
import { MIGRATIONS, migrateToLatest } from '../src/db/migrations';
import { tempDir } from './helpers';

const tables = (db: Database.Database) =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((t) => t.name);

describe('schema migrations', () => {
  it('an empty database gets every migration, in order, once', async () => {
    const db = new Database(':memory:');
    expect(await migrateToLatest(sqliteDatabase(db))).toEqual(Object.keys(MIGRATIONS));
    expect(tables(db)).toEqual([
      'api_tokens',
      'audit_log',
      'deleted_accounts',
      'health_checks',
      'kysely_migration',
      'kysely_migration_lock',
      'org_invites',
      'org_members',
      'orgs',
      'prompt_label_moves',
      'prompt_labels',
      'prompt_versions',
      'prompt_webhook_deliveries',
      'prompt_webhooks',
      'prompts',
      'remote_canaries',
      'remote_releases',
      'sessions',
      'share_links',
      'sqlite_sequence',
      'test_sets',
      'trial_ip_runs',
      'trial_reservations',
      'trial_visitors',
      'user_badges',
      'user_favorites',
      'user_history',
      'user_progress',
      'user_settings',
      'user_spend',
    ]);
    expect(await migrateToLatest(sqliteDatabase(db))).toEqual([]);
  });

  it('a database from before versioning keeps its visitors and per-IP counts, and loses raw session ids', async () => {
    const dataDir = tempDir();
    const old = new Database(path.join(dataDir, DB_FILE));
    old.exec(`
      CREATE TABLE trial_visitors (id TEXT PRIMARY KEY, used INTEGER NOT NULL DEFAULT 0, reserved INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL);
      CREATE TABLE trial_ips (ip_hash TEXT PRIMARY KEY, used INTEGER NOT NULL DEFAULT 0, reserved INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL);
      CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
      INSERT INTO trial_visitors VALUES ('visitor-1', 4, 0, 1000);
      INSERT INTO trial_ips VALUES ('hash-a', 3, 1, ${Date.now()});
      INSERT INTO sessions VALUES ('raw-id', 'u1', 'Ada', 'ada@example.com', 0, ${Date.now() + 60_000});
    `);
    old.close();

    const { connection: db } = await openDb(dataDir);
    expect(db.prepare('SELECT used FROM trial_visitors WHERE id = ?').get('visitor-1')).toEqual({ used: 4 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM trial_ip_runs WHERE ip_hash = 'hash-a'").get()).toEqual({ n: 3 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    expect(tables(db)).not.toContain('trial_ips');
    db.close();
  });

  it('a database newer than this server is refused with the way out', async () => {
    const dataDir = tempDir();
    const { connection } = await openDb(dataDir);
    connection.exec("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '')");
    connection.close();
    await expect(openDb(dataDir)).rejects.toThrow(
      /schema version \d+, newer than this server knows .*run a newer server or restore a backup/,
    );
  });

  it('a database of a newer server from before Kysely is refused with the way out', async () => {
    const dataDir = tempDir();
    const newer = new Database(path.join(dataDir, DB_FILE));
    newer.pragma('user_version = 14');
    newer.close();
    await expect(openDb(dataDir)).rejects.toThrow(
      /schema version 14, newer than this server knows .*run a newer server or restore a backup/,
    );
  });
});
