/**
 * Issue 29, items 3, 4 and 5: a streamed answer is a success only when the provider said it was
 * finished; a stream that goes silent is stopped after PROVIDER_IDLE_TIMEOUT_MS; an answer longer
 * than MAX_ANSWER_CHARS is cut with a clear message. None of them is recorded as a finished run, and
 * a visitor's empty or stalled run uses no free run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerCutShort, answerStalled, answerTooLong, MSG } from '@prompt-perfect/core/messages';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import { cookiesOf, generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { postStream, textOf } from './streamClient';

const OPTIONS = { technique: 'zero-shot', language: 'English', tone: 'Normal' };
const PERFECT = { run: { kind: 'perfect', input: 'a haiku', options: OPTIONS } };
const CLAUDE = 'claude-3-5-haiku-20241022';
const RESTARTING = 'The server is restarting. Please try again in a moment.';

describe('honest streams', () => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  const history = async (cookie: string) => (await request(`${env!.url}/api/me/history`, { cookie })).body.items;

  it('a stream that ends without the finish reason is an error on both providers, and nothing is recorded', async () => {
    env = await startTestEnv();
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({ kind: 'stream', pieces: ['You are ', 'half an'], noFinish: true });
    const openai = await postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), cookie);
    expect(textOf(openai.events)).toBe('You are half an');
    expect(openai.events.at(-1)).toEqual({ type: 'error', error: answerCutShort('OpenAI') });

    env.anthropic.respondWith({ kind: 'stream', pieces: ['Partial ', 'answer'], noFinish: true });
    const anthropic = await postStream(
      `${env.url}/api/claude/stream`,
      { model: CLAUDE, systemPrompt: 's', userPrompt: 'u', ...PERFECT },
      cookie,
    );
    expect(anthropic.events.at(-1)).toEqual({ type: 'error', error: answerCutShort('Anthropic') });
    expect(await history(cookie)).toEqual([]);
  });

  it('an upstream 200 with an empty or non-SSE body is an error, not an empty success', async () => {
    env = await startTestEnv();
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({ kind: 'raw', status: 200, body: '', contentType: 'text/event-stream' });
    const empty = await postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), cookie);
    expect(empty).toMatchObject({ status: 502, json: { error: answerCutShort('OpenAI') } });
    env.openai.respondWith({ kind: 'raw', status: 200, body: '<html>gateway</html>', contentType: 'text/html' });
    const html = await postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), cookie);
    expect(html.status).toBe(502);
    expect(await history(cookie)).toEqual([]);
  });

  it("a visitor's empty answer uses no free run, streamed or not", async () => {
    env = await startTestEnv();
    const visitor = cookiesOf(await request(`${env.url}/api/trial/status`));
    env.openai.respondWith(
      { kind: 'raw', status: 200, body: '', contentType: 'text/event-stream' },
      { kind: 'text', text: '   ' },
    );
    const streamed = await postStream(`${env.url}/api/trial/optimize/stream`, { prompt: 'a poem' }, visitor);
    expect(streamed.status).toBe(502);
    const whole = await request(`${env.url}/api/trial/optimize`, { body: { prompt: 'a poem' }, cookie: visitor });
    expect(whole).toMatchObject({ status: 502, body: { error: MSG.trialGeneric, remaining: TRIAL_LIMIT } });
    expect((await request(`${env.url}/api/trial/status`, { cookie: visitor })).body.remaining).toBe(TRIAL_LIMIT);
  });

  it('a stream cut by the end of the shutdown grace period ends with an error event and is not recorded', async () => {
    env = await startTestEnv({ env: { SHUTDOWN_GRACE_MS: '200' } });
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({
      kind: 'stream',
      pieces: ['You are ', ...Array.from({ length: 100 }, () => 'slow ')],
      delayMs: 100,
    });
    let sawText: () => void = () => {};
    const textArrived = new Promise<void>((resolve) => {
      sawText = resolve;
    });
    const streamed = postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), cookie, undefined, (e) => {
      if (e.type === 'delta') sawText();
    });
    await textArrived;
    await env.server.close();
    expect((await streamed).events.at(-1)).toEqual({ type: 'error', error: RESTARTING });
    await env.restart({ SHUTDOWN_GRACE_MS: '0' });
    expect(await history(cookie)).toEqual([]);
  });

  it('a stalled stream is stopped after PROVIDER_IDLE_TIMEOUT_MS with the timeout message; the free run is released', async () => {
    env = await startTestEnv({ env: { PROVIDER_IDLE_TIMEOUT_MS: '300' } });
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({ kind: 'stream', pieces: ['You are ', 'never heard from again'], delayMs: 60_000 });
    const started = Date.now();
    const signedIn = await postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), cookie);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(signedIn.events.at(-1)).toEqual({ type: 'error', error: answerStalled('OpenAI', 300) });
    await expect.poll(() => env!.openai.abortedByCaller).toBe(1);
    expect(await history(cookie)).toEqual([]);

    const visitor = cookiesOf(await request(`${env.url}/api/trial/status`));
    env.openai.respondWith({ kind: 'stream', pieces: ['You are a poet who ', 'never finishes'], delayMs: 60_000 });
    const trial = await postStream(`${env.url}/api/trial/optimize/stream`, { prompt: 'a poem' }, visitor);
    expect(trial.events).toEqual([
      { type: 'delta', text: 'You are a poet who ' },
      { type: 'error', error: MSG.trialGeneric },
    ]);
    expect((await request(`${env.url}/api/trial/status`, { cookie: visitor })).body.remaining).toBe(TRIAL_LIMIT);
  });

  it('an answer over MAX_ANSWER_CHARS is cut with a clear message, streamed or not, and not recorded', async () => {
    env = await startTestEnv({ env: { MAX_ANSWER_CHARS: '100' } });
    const cookie = await signInLocal(env.url);
    env.openai.respondWith({ kind: 'stream', pieces: Array.from({ length: 1000 }, () => 'word '), delayMs: 1 });
    const streamed = await postStream(`${env.url}/api/generate/stream`, generateBody(PERFECT), cookie);
    expect(streamed.events.at(-1)).toEqual({ type: 'error', error: answerTooLong('OpenAI', 100) });
    expect(textOf(streamed.events).length).toBeLessThanOrEqual(100);
    await expect.poll(() => env!.openai.abortedByCaller).toBe(1);

    env.anthropic.respondWith({ kind: 'text', text: 'x'.repeat(101) });
    const whole = await request(`${env.url}/api/claude`, {
      body: { model: CLAUDE, systemPrompt: 's', userPrompt: 'u', ...PERFECT },
      cookie,
    });
    expect(whole).toMatchObject({ status: 502, body: { error: answerTooLong('Anthropic', 100) } });
    expect(await history(cookie)).toEqual([]);
  });
});
