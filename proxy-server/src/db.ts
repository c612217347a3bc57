/** The one SQLite database (better-sqlite3, WAL) in DATA_DIR: trial counts and local sessions. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type Db = Database.Database;

const SCHEMA = `
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
`;

/**
 * Databases from before sessions were stored hashed keep the raw session ids (usable cookies) in
 * sessions.id. Those rows cannot be converted into anything safer than a forced sign-in: drop them.
 */
function dropClearTextSessions(db: Db): void {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('sessions')").all();
  if (columns.some((c) => c.name === 'id')) db.exec('DROP TABLE sessions;');
}

export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'prompt-perfect.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  dropClearTextSessions(db);
  db.exec(SCHEMA);
  // Reservations belong to requests in flight; none survive a restart.
  db.exec('UPDATE trial_visitors SET reserved = 0 WHERE reserved <> 0; UPDATE trial_ips SET reserved = 0 WHERE reserved <> 0;');
  // Expired sessions are removed on start-up (and on use): they are never valid again.
  db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(Date.now());
  return db;
}
