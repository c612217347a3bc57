/**
 * Issue 40, item 8: one way to log an error. Failures that were logged in five shapes
 * (`{err:{name,message}}`, `{cause}`, `causeOf()`, `{err: String}`, `{err}`) now all carry `err`
 * through pino's standard error serializer: its type, message and stack (and code when it has one).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '@prompt-perfect/test-support/services/redis';
import { DB_FILE } from '../src/db/openSqlite';
import { captureLogs, cookiesOf, generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const PERFECT = {
  run: { kind: 'perfect', input: 'a haiku', options: { technique: 'zero-shot', language: 'English', tone: 'Normal' } },
};

let env: TestEnv | undefined;
let redis: TestRedis | undefined;
afterEach(async () => {
  await env?.close();
  await redis?.stop().catch(() => undefined);
  env = undefined;
});

describe('error logs', () => {
  it('carry err with type, message and stack, whatever failed', async () => {
    redis = await startRedis();
    const { logger, lines } = captureLogs('info');
    env = await startTestEnv({ logger, env: { REDIS_URL: redis.url, PROVIDER_TIMEOUT_MS: '60000' } });
    const cookie = await signInLocal(env.url);
    const visitor = cookiesOf(await request(`${env.url}/api/trial/status`));
    env.openai.respondWith(
      { kind: 'slow', delayMs: 300, text: 'You are a poet.' },
      { kind: 'slow', delayMs: 300, text: 'You are a poet.' },
    );
    const trial = request(`${env.url}/api/trial/optimize`, { body: { prompt: 'a poem' }, cookie: visitor });
    const run = request(`${env.url}/api/generate`, { body: generateBody(PERFECT), cookie });
    await expect.poll(() => env!.openai.requests.length).toBe(2);
    // Another process holds the write lock: counting the trial run and recording the run fail.
    const other = new Database(path.join(env.dataDir, DB_FILE));
    other.exec('BEGIN IMMEDIATE');
    try {
      expect((await trial).status).toBe(200);
      expect((await run).status).toBe(200);
      expect((await request(`${env.url}/api/health/ready`)).status).toBe(503);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await redis.stop();
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie })).status).toBe(200);
    expect((await request(`${env.url}/api/health/ready`)).status).toBe(503);

    for (const msg of [
      'trial run delivered but not counted',
      'recording a run failed',
      'readiness: the database does not take writes',
      'Redis is unreachable: rate limits are not enforced until it is back',
      'Redis cannot count run slots: each instance counts its own until it answers again',
      'readiness: Redis does not answer',
    ]) {
      const line = lines.find((l) => l.msg === msg);
      expect({ msg, err: line?.err }).toEqual({
        msg,
        err: expect.objectContaining({
          type: expect.any(String),
          message: expect.any(String),
          stack: expect.any(String),
        }),
      });
      expect(Object.keys(line ?? {})).not.toContain('cause');
    }
  }, 40_000);
});
