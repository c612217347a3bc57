/**
 * Issue 29, item 7: a revoked token's running optimization stops; a visitor's answer is delivered
 * when its run cannot be counted; the 413 on /api/test-sets names its own limit. (The import XP cap
 * is in account.test.ts.)
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_REVOKED_DURING_RUN } from '@prompt-perfect/core/messages';
import { DB_FILE } from '../src/db/openSqlite';
import { captureLogs, cookiesOf, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { JUDGE, MODEL, postStream, simulatedSet } from './proveHelpers';

describe('smaller fixes', () => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('revoking a token stops the optimization it started', async () => {
    env = await startTestEnv();
    env.openai.simulateAnswers(true);
    const cookie = await signInLocal(env.url);
    const set = (await request(`${env.url}/api/test-sets`, { body: simulatedSet(12), cookie })).body;
    const { token, info } = (await request(`${env.url}/api/tokens`, { body: { name: 'script' }, cookie })).body;
    const body = {
      ...MODEL,
      testSetId: set.id,
      prompt: set.prompt,
      judge: JUDGE,
      limits: { maxRounds: 50, maxTokens: 50_000_000, maxCostUsd: 5 },
      seed: 3,
    };
    // Slow answers, so the run is still going when the token is revoked.
    env.openai.respondWith(...Array.from({ length: 8 }, () => ({ kind: 'slow' as const, delayMs: 300 })));

    const run = postStream(`${env.url}/api/optimizations`, body, { authorization: `Bearer ${token}` });
    await expect.poll(() => env!.openai.requests.length).toBeGreaterThan(0);
    expect((await request(`${env.url}/api/tokens/${info.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const { events } = await run;
    expect(events.at(-1)).toEqual({ type: 'error', error: TOKEN_REVOKED_DURING_RUN });
    // Calls aborted mid-send may still reach the fake a moment later; after that, no new call starts.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 400));
    await pause();
    const callsAfter = env.openai.requests.length;
    await pause();
    expect(env.openai.requests.length).toBe(callsAfter);
  });

  it("a visitor's answer is delivered even when its run cannot be counted, and the cause is logged", async () => {
    const { logger, lines } = captureLogs('info');
    env = await startTestEnv({ logger });
    const visitor = cookiesOf(await request(`${env.url}/api/trial/status`));
    env.openai.respondWith({ kind: 'slow', delayMs: 300, text: 'You are a poet. Write about the sea.' });
    const answered = request(`${env.url}/api/trial/optimize`, { body: { prompt: 'a poem' }, cookie: visitor });
    await expect.poll(() => env!.openai.requests.length).toBe(1);
    // Another process holds the write lock past the busy timeout: counting the run fails, reading does not.
    const other = new Database(path.join(env.dataDir, DB_FILE));
    other.exec('BEGIN IMMEDIATE');
    try {
      expect(await answered).toMatchObject({
        status: 200,
        body: { text: 'You are a poet. Write about the sea.', remaining: 10 },
      });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(lines.find((l) => l.msg === 'trial run delivered but not counted')?.err.code).toBe('SQLITE_BUSY');
  }, 20_000);

  it('a test set over its 1 MB limit is refused naming that limit', async () => {
    env = await startTestEnv();
    const cookie = await signInLocal(env.url);
    const big = { ...simulatedSet(2), rubric: 'x'.repeat(1_100_000) };
    expect(await request(`${env.url}/api/test-sets`, { body: big, cookie })).toMatchObject({
      status: 413,
      body: { error: 'Request body is too large (the limit is 1 MB).' },
    });
    const generate = await request(`${env.url}/api/generate`, { body: { userPrompt: 'x'.repeat(70_000) }, cookie });
    expect(generate).toMatchObject({ status: 413, body: { error: 'Request body is too large (the limit is 64 KB).' } });
  });
});
