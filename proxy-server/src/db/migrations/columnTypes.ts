/** Column types that the two dialects spell differently, for the migrations. */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/** A migration sees the schema as it was then, not today's Database: untyped. */
export type MigrationDb = Kysely<unknown>;

export function columnTypes(db: MigrationDb) {
  const pg = isPostgres(db);
  return {
    /** Epoch milliseconds and ids that may grow past 2^31: BIGINT on PostgreSQL, INTEGER (64-bit) on SQLite. */
    big: pg ? ('bigint' as const) : ('integer' as const),
    real: pg ? ('double precision' as const) : ('real' as const),
    /** An `id` column numbered by the database, never reusing a number. */
    withId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
      return pg
        ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
  };
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
