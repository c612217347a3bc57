/** The one SQLite database (better-sqlite3, WAL) in DATA_DIR; its schema is in db/migrations. */
import Database from 'better-sqlite3';
import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_FILE_MODE, describeFsError } from './dataDir';
import { StartupError } from '../startupError';
import { sqliteDatabase } from './connect';
import type { StorageDb } from './dialect';
import { migrateToLatest } from './migrations';

export type Db = Database.Database;

/** The file's one connection, and Kysely over it (what the stores query through). */
export interface SqliteFile {
  connection: Db;
  db: StorageDb;
}

export const DB_FILE = 'prompt-perfect.sqlite';
/** Written once the database exists, so a later empty or missing file is recognised as data lost. */
const DB_MARKER_FILE = 'database-created';

function refuseLostDatabase(file: string, marker: string, reinitialize: boolean): void {
  if (reinitialize || !existsSync(marker)) return;
  const size = existsSync(file) ? statSync(file).size : undefined;
  if (size !== undefined && size > 0) return;
  throw new StartupError(
    `The database ${file} is ${size === undefined ? 'missing' : 'empty (0 bytes)'}, but this DATA_DIR held one before: sessions and trial counts would be lost. Restore it from a backup, or set REINITIALIZE_DATABASE=true to start with an empty database.`,
  );
}

function sqliteProblem(err: unknown): string {
  const code = (err as { code?: string })?.code ?? '';
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return 'it is not a valid SQLite database';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'it cannot be opened (a folder, or unreadable)';
  if (code.startsWith('SQLITE_READONLY')) return 'it is read-only';
  if (code.startsWith('SQLITE_')) return `SQLite error ${code}`;
  if (!code && err instanceof Error) return err.message;
  return describeFsError(err);
}

/** Opens (or creates) the database and brings its schema up to date; DATA_DIR must exist (see ensureDataDir). */
export async function openDb(dataDir: string, options: { reinitialize?: boolean } = {}): Promise<SqliteFile> {
  const file = path.join(dataDir, DB_FILE);
  const marker = path.join(dataDir, DB_MARKER_FILE);
  refuseLostDatabase(file, marker, options.reinitialize ?? false);
  let db: Db | undefined;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // Deleted rows are overwritten with zeros, so a deleted account's text is not left in free space.
    db.pragma('secure_delete = ON');
    const kysely = sqliteDatabase(db);
    await migrateToLatest(kysely);
    // Reservations belong to requests in flight; none survive a restart.
    db.exec('DELETE FROM trial_reservations;');
    // Expired sessions are removed on start-up (and on use): they are never valid again.
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(Date.now());
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, DATA_FILE_MODE);
    if (!existsSync(marker)) writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: DATA_FILE_MODE });
    return { connection: db, db: kysely };
  } catch (err) {
    db?.close();
    if (err instanceof StartupError) throw err;
    throw new StartupError(
      `The database ${file} cannot be used: ${sqliteProblem(err)}. Restore it from a backup, fix its permissions, or move it aside to start with an empty database.`,
    );
  }
}
