/**
 * The SQLite and PostgreSQL schemas come from one set of migrations with a few dialect helpers.
 * After them both must hold the same tables with the same columns, of the same kind of type, so a
 * store that works on one works on the other.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import { postgresDatabase, sqliteDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrations';
import { createPgPool } from '../src/db/pgPool';

type Schema = Record<string, Record<string, string>>;

/** Both engines' column types, as the kind of value they hold. */
function typeKind(declared: string): string {
  const t = declared.toLowerCase();
  if (/int|serial/.test(t)) return 'integer';
  if (/char|text|clob/.test(t)) return 'text';
  if (/real|floa|doub|numeric|decimal/.test(t)) return 'real';
  if (/json/.test(t)) return 'json';
  if (/bool/.test(t)) return 'boolean';
  return t;
}

/** Tables that exist for one engine's own bookkeeping. */
const ENGINE_ONLY = new Set(['sqlite_sequence', 'schema_migrations', 'kysely_migration', 'kysely_migration_lock']);

async function sqliteSchema(): Promise<Schema> {
  const db = new Database(':memory:');
  await migrateToLatest(sqliteDatabase(db));
  const schema: Schema = {};
  const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
  for (const { name } of tables) {
    if (ENGINE_ONLY.has(name)) continue;
    const columns = db
      .prepare<[], { name: string; type: string }>(`SELECT name, type FROM pragma_table_info('${name}')`)
      .all();
    schema[name] = Object.fromEntries(columns.map((c) => [c.name, typeKind(c.type)]));
  }
  db.close();
  return schema;
}

async function postgresSchema(url: string): Promise<Schema> {
  const pool = createPgPool(url);
  try {
    await migrateToLatest(postgresDatabase(pool));
    const { rows } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
      "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const schema: Schema = {};
    for (const row of rows) {
      if (ENGINE_ONLY.has(row.table_name)) continue;
      schema[row.table_name] ??= {};
      schema[row.table_name][row.column_name] = typeKind(row.data_type);
    }
    return schema;
  } finally {
    await pool.end();
  }
}

let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

/** Every "table" and "table.column" of a schema. */
function names(schema: Schema): string[] {
  return Object.entries(schema).flatMap(([table, columns]) => [
    table,
    ...Object.keys(columns).map((c) => `${table}.${c}`),
  ]);
}

/** Where the engines differ on purpose. Badges: PostgreSQL has no rowid to keep the order they were earned in. */
const ONLY_IN_SQLITE: string[] = [];
const ONLY_IN_POSTGRES = ['user_badges.seq'];

describe('SQLite and PostgreSQL schemas after all migrations', () => {
  it('have the same tables and columns, but for the differences by design', async () => {
    const sqlite = await sqliteSchema();
    const pg = await postgresSchema(await postgres!.createDatabase());
    expect(Object.keys(sqlite).length).toBeGreaterThan(5);
    const [inSqlite, inPg] = [names(sqlite), names(pg)];
    expect(inSqlite.filter((n) => !inPg.includes(n)).sort()).toEqual(ONLY_IN_SQLITE);
    expect(inPg.filter((n) => !inSqlite.includes(n)).sort()).toEqual(ONLY_IN_POSTGRES);
  });

  it('give every shared column the same kind of type', async () => {
    const sqlite = await sqliteSchema();
    const pg = await postgresSchema(await postgres!.createDatabase());
    const mismatches = Object.entries(sqlite).flatMap(([table, columns]) =>
      Object.entries(columns)
        .filter(([column, kind]) => pg[table]?.[column] !== undefined && pg[table][column] !== kind)
        .map(([column, kind]) => `${table}.${column}: SQLite ${kind}, PostgreSQL ${pg[table][column]}`),
    );
    expect(mismatches).toEqual([]);
  });
});
