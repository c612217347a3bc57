/** Streamed answers (SSE) through the real SDKs from fake upstreams that stream both wire formats. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookiesOf, generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { postStream as post, textOf } from './streamClient';

const OPTIONS = { technique: 'zero-shot', language: 'English', tone: 'Normal' };
const CLAUDE = 'claude-3-5-haiku-20241022';

const PIECES = ["Here's an ", 'optimized prompt:\n\n', 'You are ', 'a travel ', 'writer. ', 'Write about ', 'Lisbon.'];

describe('streaming for signed-in runs', () => {
  let env: TestEnv;
  let cookie: string;
  beforeAll(async () => {
    env = await startTestEnv();
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.openai.reset();
    env.anthropic.reset();
  });

  for (const [label, path, body, fake] of [
    [
      'OpenAI via /api/generate/stream',
      '/api/generate/stream',
      () => generateBody({ run: { kind: 'perfect', input: 'lisbon', options: OPTIONS } }),
      () => env.openai,
    ],
    [
      'Anthropic via /api/claude/stream',
      '/api/claude/stream',
      () => ({
        model: CLAUDE,
        systemPrompt: 's',
        userPrompt: 'u',
        run: { kind: 'perfect', input: 'lisbon', options: OPTIONS },
      }),
      () => env.anthropic,
    ],
  ] as const) {
    it(`${label}: text arrives piece by piece, stripped of the preamble, then done with the recorded run`, async () => {
      fake().respondWith({ kind: 'stream', pieces: [...PIECES], delayMs: 40 });
      const res = await post(`${env.url}${path}`, body(), cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-accel-buffering')).toBe('no');
      expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(fake().requests[0].body.stream).toBe(true);
      expect(res.readsWithText).toBeGreaterThan(1);
      expect(textOf(res.events)).toBe('You are a travel writer. Write about Lisbon.');
      const done = res.events.at(-1);
      expect(done?.type).toBe('done');
      const historyId = done?.type === 'done' ? done.run?.historyId : undefined;
      const history = await request(`${env.url}/api/me/history`, { cookie });
      expect(history.body.items[0]).toMatchObject({
        id: historyId,
        output: 'You are a travel writer. Write about Lisbon.',
        stopped: false,
      });
    });
  }

  it('a provider error mid-stream: the mapped message after the partial text, and nothing recorded', async () => {
    const before = (await request(`${env.url}/api/me/progress`, { cookie })).body.stats.totalPrompts;
    env.openai.respondWith({
      kind: 'stream',
      pieces: ['You are ', 'an expert ', 'never finished'],
      failAfter: 2,
      failMessage: 'The server had an error',
    });
    const o = await post(
      `${env.url}/api/generate/stream`,
      generateBody({ run: { kind: 'perfect', input: 'x', options: OPTIONS } }),
      cookie,
    );
    expect(textOf(o.events)).toBe('You are an expert ');
    expect(o.events.at(-1)).toEqual({ type: 'error', error: 'OpenAI API error: The server had an error' });
    env.anthropic.respondWith({
      kind: 'stream',
      pieces: ['Partial ', 'answer'],
      failAfter: 1,
      failMessage: 'Overloaded',
    });
    const a = await post(`${env.url}/api/claude/stream`, { model: CLAUDE, systemPrompt: 's', userPrompt: 'u' }, cookie);
    expect(a.events).toEqual([
      { type: 'delta', text: 'Partial ' },
      { type: 'error', error: 'Claude Service Error: Overloaded' },
    ]);
    expect((await request(`${env.url}/api/me/progress`, { cookie })).body.stats.totalPrompts).toBe(before);
  });

  it('a failure before any text is an ordinary JSON error with its status', async () => {
    env.openai.respondWith({ kind: 'status', status: 429, message: 'Rate limit reached' });
    const res = await post(`${env.url}/api/generate/stream`, generateBody(), cookie);
    expect(res).toMatchObject({ status: 429, json: { error: 'OpenAI API error: Rate limit reached' } });
    const unknown = await post(`${env.url}/api/generate/stream`, generateBody({ model: 'nope' }), cookie);
    expect(unknown.status).toBe(400);
  });

  it('Stop: the client aborts, the server hangs up on the provider, and the partial run is recorded as stopped, earning nothing', async () => {
    const progressBefore = (await request(`${env.url}/api/me/progress`, { cookie })).body.stats;
    env.openai.respondWith({
      kind: 'stream',
      pieces: ['Partial ', 'text ', ...Array.from({ length: 50 }, () => 'more ')],
      delayMs: 50,
    });
    const controller = new AbortController();
    const res = await post(
      `${env.url}/api/generate/stream`,
      generateBody({ run: { kind: 'perfect', input: 'stop me', options: OPTIONS } }),
      cookie,
      controller.signal,
      (e) => {
        if (e.type === 'delta' && e.text.includes('text')) controller.abort();
      },
    );
    expect(textOf(res.events)).toBe('Partial text ');
    await expect.poll(() => env.openai.abortedByCaller).toBe(1);
    await expect
      .poll(async () => (await request(`${env.url}/api/me/history`, { cookie })).body.items[0]?.input)
      .toBe('stop me');
    const entry = (await request(`${env.url}/api/me/history`, { cookie })).body.items[0];
    expect(entry.output.startsWith('Partial text')).toBe(true);
    expect(entry.stopped).toBe(true);
    // A stopped run earns nothing.
    expect((await request(`${env.url}/api/me/progress`, { cookie })).body.stats).toEqual(progressBefore);
  });

  it('Test Prompt streams unstripped and unrecorded', async () => {
    env.openai.respondWith({ kind: 'stream', pieces: ["Here's an optimized prompt: ", 'as written.'] });
    const res = await post(`${env.url}/api/generate/stream`, generateBody(), cookie);
    expect(textOf(res.events)).toBe("Here's an optimized prompt: as written.");
    expect(res.events.at(-1)).toMatchObject({ type: 'done' });
    expect(res.events.at(-1)).not.toHaveProperty('run');
  });

  it("done carries the provider's own token counts, asked of OpenAI's stream and read from Anthropic's", async () => {
    env.openai.respondWith({ kind: 'stream', pieces: ['Twelve chars', ' and more.'] });
    const o = await post(`${env.url}/api/generate/stream`, generateBody(), cookie);
    expect(env.openai.requests.at(-1)?.body.stream_options).toEqual({ include_usage: true });
    const messagesChars = JSON.stringify(env.openai.requests.at(-1)?.body.messages).length;
    // The fake counts about four characters a token, as the real API roughly does.
    expect(o.events.at(-1)).toEqual({
      type: 'done',
      usage: { input: Math.ceil(messagesChars / 4), output: Math.ceil('Twelve chars and more.'.length / 4) },
    });
    env.anthropic.respondWith({ kind: 'stream', pieces: ['Claude ', 'answers.'] });
    const a = await post(`${env.url}/api/claude/stream`, { model: CLAUDE, systemPrompt: 's', userPrompt: 'u' }, cookie);
    expect(a.events.at(-1)).toEqual({ type: 'done', usage: { input: 10, output: 20 } });
  });
});

describe('streaming for the visitor trial', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ env: { TRIAL_LIMIT_PER_IP: '1000' } });
  });
  afterAll(() => env.close());
  const visitor = async () => cookiesOf(await request(`${env.url}/api/trial/status`));
  const remaining = async (cookie: string) => (await request(`${env.url}/api/trial/status`, { cookie })).body.remaining;

  it('a streamed run counts when it completes; done carries the remaining runs', async () => {
    const cookie = await visitor();
    env.openai.respondWith({ kind: 'stream', pieces: PIECES, delayMs: 10 });
    const res = await post(`${env.url}/api/trial/optimize/stream`, { prompt: 'lisbon' }, cookie);
    expect(textOf(res.events)).toBe('You are a travel writer. Write about Lisbon.');
    expect(res.events.at(-1)).toEqual({ type: 'done', remaining: 9 });
    expect(env.openai.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 500,
      temperature: 0.7,
      stream: true,
    });
  });

  it('fails before any text: JSON error, no run used; fails after text: error event, the run counts', async () => {
    const cookie = await visitor();
    env.openai.respondWith({ kind: 'status', status: 500, message: 'boom' });
    const early = await post(`${env.url}/api/trial/optimize/stream`, { prompt: 'x' }, cookie);
    expect(early).toMatchObject({ status: 502, json: { remaining: 10 } });
    env.openai.respondWith({
      kind: 'stream',
      pieces: ['You are ', 'cut'],
      failAfter: 1,
      failMessage: 'Rate limit exceeded',
    });
    const late = await post(`${env.url}/api/trial/optimize/stream`, { prompt: 'x' }, cookie);
    expect(late.events).toEqual([
      { type: 'delta', text: 'You are ' },
      { type: 'error', error: 'Too many requests. Please wait a moment and try again.' },
    ]);
    expect(await remaining(cookie)).toBe(9);
  });

  it('a visitor who stops a streamed run still uses it', async () => {
    const cookie = await visitor();
    env.openai.respondWith({
      kind: 'stream',
      pieces: ['You ', ...Array.from({ length: 50 }, () => 'more ')],
      delayMs: 50,
    });
    const controller = new AbortController();
    await post(`${env.url}/api/trial/optimize/stream`, { prompt: 'x' }, cookie, controller.signal, (e) => {
      if (e.type === 'delta') controller.abort();
    });
    await expect.poll(() => remaining(cookie)).toBe(9);
  });
});

describe('offline trial', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ openaiKey: false });
  });
  afterAll(() => env.close());

  it('answers at once as JSON, never as a fake stream', async () => {
    const res = await post(`${env.url}/api/trial/optimize/stream`, { prompt: 'write a poem about cats' });
    expect(res.json).toMatchObject({ offline: true, remaining: 10 });
    expect(res.json.text.toLowerCase()).toContain('cats');
  });
});
