/**
 * The two storage backends a test file runs on: SQLite, and a real PostgreSQL started once for the
 * file (the hooks are registered here) with a new database for every environment asked for.
 */
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import type { Env } from '../src/config';

export function bothBackends(sqlite: () => Env = () => ({})) {
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  // Stopping a cluster that held a database per test takes a while on a busy machine.
  afterAll(() => postgres?.stop(), 60_000);
  const newDatabase = () => postgres!.createDatabase();
  const backends: Array<[string, () => Promise<Env>]> = [
    ['SQLite', async () => sqlite()],
    ['PostgreSQL', async () => ({ ...sqlite(), DATABASE_URL: await newDatabase() })],
  ];
  return { backends, newDatabase };
}
