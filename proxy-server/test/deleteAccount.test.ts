/**
 * Issue 29, item 1: Delete my data while runs are in flight, on SQLite and on PostgreSQL. The runs
 * are stopped and record nothing, every session of the user ends, and signing in again starts empty.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_DURING_RUN } from '@prompt-perfect/core/messages';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { bothBackends } from './bothBackends';
import { postStream } from './streamClient';

const PERFECT = {
  run: { kind: 'perfect', input: 'a haiku', options: { technique: 'zero-shot', language: 'English', tone: 'Normal' } },
};

const { backends } = bothBackends();

describe.each(backends)('Delete my data with runs in flight, on %s', (_name, location) => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('stops the runs, records nothing of them, and ends every session of the user', async () => {
    env = await startTestEnv({ env: await location() });
    const laptop = await signInLocal(env.url);
    const phone = await signInLocal(env.url);
    const other = await signInLocal(env.url, 'Grace Hopper', 'grace@example.com');
    env.openai.respondWith(
      { kind: 'stream', pieces: ['You are ', ...Array.from({ length: 200 }, () => 'a poet. ')], delayMs: 50 },
      { kind: 'slow', delayMs: 60_000, text: 'You are a slow poet.' },
    );
    let sawText: () => void = () => {};
    const textArrived = new Promise<void>((resolve) => {
      sawText = resolve;
    });
    const streamed = postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), laptop, undefined, (e) => {
      if (e.type === 'delta') sawText();
    });
    await textArrived;
    const answered = request(`${env.url}/api/generate`, { body: generateBody(PERFECT), cookie: laptop });
    await expect.poll(() => env!.openai.requests.length).toBe(2);

    expect((await request(`${env.url}/api/me`, { method: 'DELETE', cookie: phone })).status).toBe(204);

    const stream = await streamed;
    expect(stream.events.at(-1)).toEqual({ type: 'error', error: ACCOUNT_DELETED_DURING_RUN });
    expect(await answered).toMatchObject({ status: 410, body: { error: ACCOUNT_DELETED_DURING_RUN } });
    await expect.poll(() => env!.openai.abortedByCaller).toBe(2);

    expect((await request(`${env.url}/api/me/progress`, { cookie: laptop })).status).toBe(401);
    expect((await request(`${env.url}/api/me/progress`, { cookie: phone })).status).toBe(401);
    expect((await request(`${env.url}/api/me/progress`, { cookie: other })).status).toBe(200);

    const again = await signInLocal(env.url);
    expect((await request(`${env.url}/api/me/history`, { cookie: again })).body.items).toEqual([]);
    expect((await request(`${env.url}/api/me/progress`, { cookie: again })).body.stats).toMatchObject({
      xp: 0,
      totalPrompts: 0,
      badges: [],
    });
  });
});
