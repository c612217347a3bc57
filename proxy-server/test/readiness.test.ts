/**
 * Issue 29, item 6: readiness proves the database takes a write, on SQLite and on PostgreSQL. A
 * database that answers reads while every write fails is 'not writable' (503), and the log says why.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import { DB_FILE } from '../src/db/openSqlite';
import { captureLogs, request, startTestEnv, type TestEnv } from './helpers';

let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

/** Another process holding the database's write lock: reads still work, writes cannot. Returns the release. */
type Blocker = (env: TestEnv, databaseUrl?: string) => Promise<() => Promise<void>>;

const blockSqlite: Blocker = async (env) => {
  const other = new Database(path.join(env.dataDir, DB_FILE));
  other.exec('BEGIN IMMEDIATE');
  return async () => {
    other.exec('ROLLBACK');
    other.close();
  };
};

const blockPostgres: Blocker = async (_env, databaseUrl) => {
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  await other.query('BEGIN');
  await other.query('LOCK TABLE health_checks IN EXCLUSIVE MODE');
  return async () => {
    await other.query('ROLLBACK');
    await other.end();
  };
};

const backends: Array<[string, () => Promise<string | undefined>, Blocker]> = [
  ['SQLite', async () => undefined, blockSqlite],
  ['PostgreSQL', () => postgres!.createDatabase(), blockPostgres],
];

describe.each(backends)('readiness on %s', (_name, database, block) => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('answers 503 "not writable" while writes fail, logs the cause, and recovers', async () => {
    const databaseUrl = await database();
    const { logger, lines } = captureLogs('info');
    env = await startTestEnv({ env: databaseUrl ? { DATABASE_URL: databaseUrl } : {}, logger });
    expect(await request(`${env.url}/api/health/ready`)).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'ok' },
    });

    const release = await block(env, databaseUrl);
    try {
      const ready = await request(`${env.url}/api/health/ready`);
      expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'not writable' } });
      const logged = lines.find((l) => l.msg === 'readiness: the database does not take writes');
      expect(logged?.err).toMatchObject({ type: expect.any(String), message: expect.any(String) });
      expect(logged?.level).toBe(50);
    } finally {
      await release();
    }
    expect(await request(`${env.url}/api/health/ready`)).toMatchObject({ status: 200, body: { database: 'ok' } });
  });
});
