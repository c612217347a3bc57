/** The PostgreSQL connection pool (node-postgres) and the transaction helper of the stores not yet on Kysely. */
import pg from 'pg';

export type Pool = pg.Pool;
export type Client = pg.PoolClient;

const INT8_OID = 20;

/** BIGINT columns hold epoch milliseconds and ids well inside 2^53: read them as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function createPgPool(connectionString: string): Pool {
  return new pg.Pool({ connectionString, types, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
}

/** Runs `work` in one transaction on one connection; rolls back if it throws. */
export async function inTransaction<T>(pool: Pool, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
