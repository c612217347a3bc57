/** Kysely over the connections the server opens: the SQLite file's one connection, or the PostgreSQL pool. */
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Db as SqliteConnection } from './openSqlite';
import type { Pool } from './pgPool';
import type { StorageDb } from './dialect';
import type { Database } from './schema';

/** Shares the connection with the stores that still use better-sqlite3 directly; closing it closes the file. */
export function sqliteDatabase(connection: SqliteConnection): StorageDb {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
}

/** Over the server's pool (BIGINT read as numbers); destroying it ends the pool. */
export function postgresDatabase(pool: Pool): StorageDb {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
