/**
 * Attack-run finding 5: on SIGTERM, model calls in flight get SHUTDOWN_GRACE_MS to finish; after that
 * they are aborted upstream and their clients get a JSON 503; the process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import { generateBody, OPENAI_TEST_KEY, request, signInLocal, startTestEnv, tempDir, type TestEnv } from './helpers';

const RESTARTING = { error: 'The server is restarting. Please try again in a moment.' };

describe('graceful shutdown', () => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('a call that finishes within the grace period is answered normally', async () => {
    env = await startTestEnv({ env: { SHUTDOWN_GRACE_MS: '10000' } });
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({ kind: 'slow', delayMs: 300, text: 'finished in time' });
    const pending = request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    await expect.poll(() => env!.openai.requests.length).toBe(1);
    await env.server.close();
    expect(await pending).toMatchObject({ status: 200, body: { text: 'finished in time' } });
    expect(env.openai.abortedByCaller).toBe(0);
  });

  it('a call still running when the grace period ends is aborted upstream and answered 503 JSON', async () => {
    env = await startTestEnv({ env: { SHUTDOWN_GRACE_MS: '200' } });
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({ kind: 'slow', delayMs: 60_000 }, { kind: 'slow', delayMs: 60_000 });
    const generate = request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    const trial = request(`${env.url}/api/trial/optimize`, { body: { prompt: 'a poem' } });
    await expect.poll(() => env!.openai.requests.length).toBe(2);
    await env.server.close();
    expect(await generate).toMatchObject({ status: 503, body: RESTARTING });
    const trialAnswer = await trial;
    expect(trialAnswer).toMatchObject({ status: 503, body: RESTARTING });
    await expect.poll(() => env!.openai.abortedByCaller).toBe(2);
  });
});

describe('readiness during shutdown (issue 29, item 8)', () => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('answers 503 "shutting down" for SHUTDOWN_DRAIN_MS while still serving, then the listener closes', async () => {
    env = await startTestEnv({ env: { SHUTDOWN_DRAIN_MS: '600' } });
    const cookie = await signInLocal(env.url);
    expect((await request(`${env.url}/api/health/ready`)).body.status).toBe('ready');
    const url = env.url;
    const closed = env.server.close();
    const ready = await request(`${url}/api/health/ready`);
    expect(ready).toMatchObject({ status: 503, body: { status: 'shutting down', database: 'ok' } });
    expect((await request(`${url}/api/health`)).status).toBe(200);
    expect(await request(`${url}/api/generate`, { body: generateBody(), cookie })).toMatchObject({ status: 200 });
    await closed;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});

describe('the entry point on SIGTERM', () => {
  let fake: FakeUpstream | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await fake?.close();
  });

  it('answers the call in flight with 503 after SHUTDOWN_GRACE_MS and exits 0', async () => {
    fake = await startFakeOpenAI();
    fake.respondWith({ kind: 'slow', delayMs: 60_000 });
    child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: tempDir(),
        PORT: '0',
        LOG_LEVEL: 'info',
        OPENAI_API_KEY: OPENAI_TEST_KEY,
        OPENAI_BASE_URL: fake.baseURL,
        PROVIDER_MAX_RETRIES: '0',
        SHUTDOWN_GRACE_MS: '300',
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'proxy-server listening' && entry.url) resolve(entry.url);
      });
      child!.on('exit', () => reject(new Error('exited before listening')));
    });
    const pending = request(`${url}/api/trial/optimize`, { body: { prompt: 'a poem' } });
    await expect.poll(() => fake!.requests.length, { timeout: 10_000 }).toBe(1);
    child.kill('SIGTERM');
    expect(await pending).toMatchObject({ status: 503, body: RESTARTING });
    expect(await exited).toBe(0);
    expect(fake.abortedByCaller).toBe(1);
  });
});
