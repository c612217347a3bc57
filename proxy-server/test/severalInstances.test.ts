/**
 * Two gateway instances over one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), through HTTP:
 * what one instance stores, the other serves; readiness tells which dependency is down; the entry
 * point on SIGTERM closes the pool and Redis and exits 0.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import { startRedis, type TestRedis } from '@prompt-perfect/test-support/services/redis';
import { tooManyRuns } from '@prompt-perfect/core/messages';
import { createClient } from 'redis';
import { createRedisRunSlots } from '../src/features/runs/redisRunSlots';
import {
  cookiesOf,
  CLEAN_ENV,
  generateBody,
  OPENAI_TEST_KEY,
  request,
  signInLocal,
  startTestEnv,
  tempDir,
  type TestEnv,
} from './helpers';

const OPTIONS = { technique: 'zero-shot', language: 'English', tone: 'Normal' };

describe('two instances on one PostgreSQL and one Redis', () => {
  let postgres: TestPostgres;
  let redis: TestRedis;
  let envs: TestEnv[] = [];
  let databaseUrl: string;
  const at = (i: number) => envs[i % 2].url;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    databaseUrl = await postgres.createDatabase();
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, TRIAL_LIMIT_PER_IP: '1000' };
    envs = await Promise.all([startTestEnv({ env }), startTestEnv({ env })]);
  }, 60_000);
  afterAll(async () => {
    for (const env of envs) await env.close();
    await redis?.stop();
    await postgres?.stop();
  });

  it('a visitor alternating between them gets exactly 10 trial runs', async () => {
    const cookie = cookiesOf(await request(`${at(0)}/api/trial/status`));
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(await request(`${at(i)}/api/trial/optimize`, { body: { prompt: `poem ${i}` }, cookie }));
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(200), 403, 403]);
    expect(answers[9].body.remaining).toBe(0);
    expect((await request(`${at(1)}/api/trial/status`, { cookie })).body.remaining).toBe(0);
  });

  it('a session and a favorite made through one are seen through the other, and after a restart', async () => {
    const cookie = await signInLocal(at(0), 'Ada', 'ada@example.com');
    const saved = await request(`${at(0)}/api/me/favorites`, {
      body: { originalPrompt: 'task', optimizedPrompt: 'Better task.', ...OPTIONS },
      cookie,
    });
    expect(saved.status).toBe(201);
    expect((await request(`${at(1)}/api/me/favorites`, { cookie })).body.favorites).toEqual([saved.body.favorite]);
    await envs[1].restart();
    expect((await request(`${at(1)}/api/me/favorites`, { cookie })).body.favorites).toEqual([saved.body.favorite]);
    expect((await request(`${at(1)}/api/auth/sign-out`, { body: {}, cookie })).status).toBe(200);
    expect((await request(`${at(0)}/api/me/favorites`, { cookie })).status).toBe(401);
  });

  it("USER_MAX_CONCURRENT_RUNS counts a user's runs on both: the fifth, on either, gets 429 until one ends", async () => {
    const cookie = await signInLocal(at(0), 'Grace', 'grace@example.com');
    for (const env of envs)
      env.openai.respondWith(
        ...Array.from({ length: 2 }, () => ({ kind: 'slow' as const, delayMs: 1_500, text: 'done' })),
      );
    const upstreamCalls = () => envs[0].openai.requests.length + envs[1].openai.requests.length;
    const before = upstreamCalls();
    const open = [0, 1, 2, 3].map((i) => request(`${at(i)}/api/generate`, { body: generateBody(), cookie }));
    await expect.poll(upstreamCalls).toBe(before + 4);
    for (const i of [0, 1])
      expect(await request(`${at(i)}/api/generate`, { body: generateBody(), cookie })).toMatchObject({
        status: 429,
        body: { error: tooManyRuns(4) },
      });
    expect((await Promise.all(open)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    envs[1].openai.respondWith({ kind: 'text', text: 'again' });
    expect((await request(`${at(1)}/api/generate`, { body: generateBody(), cookie })).status).toBe(200);
  });

  it('a run slot held by an instance that died comes back when its lease ends', async () => {
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const slots = createRedisRunSlots((...args) => client.sendCommand(args), 300);
      const held = [await slots.acquire('lin', 2), await slots.acquire('lin', 2)];
      expect(held.every((slot) => typeof slot === 'string')).toBe(true);
      expect(await slots.acquire('lin', 2)).toBeNull();
      // Nobody renews or releases them (their instance is gone): after the lease, the slots are free.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const again = await slots.acquire('lin', 2);
      expect(again).not.toBeNull();
      // A renewed lease outlives its first term.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await slots.renew('lin', again!);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await slots.acquire('lin', 2)).not.toBeNull();
      expect(await slots.acquire('lin', 2)).toBeNull();
    } finally {
      await client.close();
    }
  });

  it('the entry point on SIGTERM closes the pool and Redis and exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...CLEAN_ENV,
        DATA_DIR: tempDir(),
        LOG_LEVEL: 'info',
        OPENAI_API_KEY: OPENAI_TEST_KEY,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'proxy-server listening' && entry.url) resolve(entry.url);
      });
      child.on('exit', () => reject(new Error('exited before listening')));
    });
    expect(await request(`${url}/api/health/ready`)).toMatchObject({
      status: 200,
      body: { database: 'ok', redis: 'ok' },
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('readiness answers 503 naming the database when PostgreSQL is down; liveness stays 200', async () => {
    await postgres.stop();
    expect(await request(`${at(0)}/api/health/ready`)).toMatchObject({
      status: 503,
      body: { status: 'unavailable', database: 'unreachable', redis: 'ok' },
    });
    expect((await request(`${at(0)}/api/health`)).status).toBe(200);
  });
});
