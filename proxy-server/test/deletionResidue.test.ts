/**
 * Issue 40, item 3: Delete my data leaves no readable copy in the database files. On SQLite the
 * main file and its WAL hold none of the account's text after DELETE /api/me (secure_delete, then a
 * TRUNCATE checkpoint); on PostgreSQL the heap files of every account table hold none after the
 * server's VACUUM and a CHECKPOINT. (What PostgreSQL's WAL and backups keep: docs/data-deletion.md.)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import { DB_FILE } from '../src/db/openSqlite';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const NAME = 'Zebulon Residuemarker';
const EMAIL = 'zebulon.residuemarker@example.com';
const PROMPT = 'PROMPTRESIDUEMARKER write a limerick about lighthouses';
const FAVORITE = 'FAVORITERESIDUEMARKER a sonnet about tides';

let postgres: TestPostgres | undefined;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** An account with its name and e-mail, a prompt and a link to it, a favorite, a test set and a webhook secret; then deleted. */
async function createAndDeleteAccount(url: string): Promise<string[]> {
  const cookie = await signInLocal(url, NAME, EMAIL);
  const api = (p: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${url}/api${p}`, { ...init, cookie });
  expect((await api('/prompts/lighthouse/versions', { body: { text: PROMPT } })).status).toBe(201);
  // [teams] A share link and its audit entry keep the maker's name.
  expect((await api('/prompts/lighthouse/share', { body: { version: 1 } })).status).toBe(201);
  const favorite = {
    originalPrompt: FAVORITE,
    optimizedPrompt: FAVORITE,
    technique: 'zero-shot',
    language: 'English',
    tone: 'Normal',
  };
  expect((await api('/me/favorites', { body: favorite })).status).toBe(201);
  const set = { name: 'Residue set', prompt: PROMPT, rubric: 'Rhymes.', cases: [{ id: 'c1', input: FAVORITE }] };
  expect((await api('/test-sets', { body: set })).status).toBe(201);
  const hook = await api('/prompts/_webhook', { method: 'PUT', body: { url: 'http://127.0.0.1:9/hook' } });
  expect(hook.status).toBe(200);
  expect((await api('/me', { method: 'DELETE' })).status).toBe(204);
  return [NAME, EMAIL, 'PROMPTRESIDUEMARKER', 'FAVORITERESIDUEMARKER', hook.body.secret];
}

const found = (bytes: Buffer, markers: string[]) => markers.filter((m) => bytes.includes(m));

describe('Delete my data on SQLite', () => {
  it('leaves none of the account in the database file or its WAL', async () => {
    env = await startTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    const markers = await createAndDeleteAccount(env.url);
    const file = path.join(env.dataDir, DB_FILE);
    for (const f of [file, `${file}-wal`])
      if (existsSync(f))
        expect({ file: path.basename(f), found: found(readFileSync(f), markers) }).toEqual({
          file: path.basename(f),
          found: [],
        });
  });
});

describe('Delete my data on PostgreSQL', () => {
  it("leaves none of the account in the account tables' files after a checkpoint", async () => {
    const url = await postgres!.createDatabase();
    env = await startTestEnv({ env: { DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    const markers = await createAndDeleteAccount(env.url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CHECKPOINT');
      const dataDir = (await client.query("SELECT current_setting('data_directory') AS d")).rows[0].d;
      const { rows } = await client.query<{ name: string; file: string }>(
        `SELECT c.relname AS name, pg_relation_filepath(c.oid) AS file FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname IN ('public', 'pg_toast') AND c.relkind IN ('r', 't') AND pg_relation_filepath(c.oid) IS NOT NULL`,
      );
      expect(rows.length).toBeGreaterThan(10);
      const leftovers = rows
        .map((r) => ({ table: r.name, found: found(readFileSync(path.join(dataDir, r.file)), markers) }))
        .filter((r) => r.found.length > 0);
      expect(leftovers).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
