/** The SQLite schema is versioned (PRAGMA user_version): from an empty database and from the schema before versioning. */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DB_FILE, openDb } from '../src/db';
import { MIGRATIONS, migrate, schemaVersion } from '../src/storage/migrations';
import { tempDir } from './helpers';

const tables = (db: Database.Database) =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((t) => t.name);

describe('schema migrations', () => {
  it('an empty database gets every migration, in order, once', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual([
      'api_tokens',
      'deleted_accounts',
      'health_checks',
      'prompt_label_moves',
      'prompt_labels',
      'prompt_versions',
      'prompt_webhook_deliveries',
      'prompt_webhooks',
      'prompts',
      'remote_canaries',
      'remote_releases',
      'sessions',
      'sqlite_sequence',
      'test_sets',
      'trial_ip_reservations',
      'trial_ip_runs',
      'trial_visitors',
      'user_badges',
      'user_favorites',
      'user_history',
      'user_progress',
      'user_settings',
      'user_spend',
    ]);
    expect(migrate(db)).toEqual([]);
  });

  it('a database from before versioning keeps its visitors and per-IP counts, and loses raw session ids', () => {
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

    const db = openDb(dataDir);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT used FROM trial_visitors WHERE id = ?').get('visitor-1')).toEqual({ used: 4 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM trial_ip_runs WHERE ip_hash = 'hash-a'").get()).toEqual({ n: 3 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    expect(tables(db)).not.toContain('trial_ips');
    db.close();
  });

  it('a database newer than this server is refused with the way out', () => {
    const dataDir = tempDir();
    const newer = new Database(path.join(dataDir, DB_FILE));
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    newer.close();
    expect(() => openDb(dataDir)).toThrow(
      /schema version \d+, newer than this server knows .*run a newer server or restore a backup/,
    );
  });
});
