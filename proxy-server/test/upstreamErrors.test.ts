import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANTHROPIC_TEST_KEY,
  captureLogs,
  generateBody,
  OPENAI_TEST_KEY,
  request,
  signInLocal,
  startTestEnv,
  type TestEnv,
} from './helpers';

const CLAUDE = 'claude-3-5-haiku-20241022';

/** A port on 127.0.0.1 with nothing listening. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('upstream errors are mapped to the spec catalogue (no retries)', () => {
  let env: TestEnv;
  let cookie: string;
  const openai = () => request(`${env.url}/api/generate`, { body: generateBody(), cookie });
  const anthropic = () =>
    request(`${env.url}/api/generate`, { body: generateBody({ provider: 'anthropic', model: CLAUDE }), cookie });
  const claude = () =>
    request(`${env.url}/api/claude`, { body: { model: CLAUDE, systemPrompt: 's', userPrompt: 'u' }, cookie });

  beforeAll(async () => {
    env = await startTestEnv({ env: { PROVIDER_TIMEOUT_MS: '300' } });
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.openai.reset();
    env.anthropic.reset();
  });

  const statusCases: Array<[number, number]> = [
    [400, 502],
    [404, 502],
    [409, 502],
    [422, 502],
    [429, 429],
    [500, 502],
    [503, 502],
  ];
  for (const [upstream, ours] of statusCases) {
    it(`HTTP ${upstream} from the provider -> ${ours} with the provider's message`, async () => {
      env.openai.respondWith({ kind: 'status', status: upstream, message: `upstream said ${upstream}` });
      const o = await openai();
      expect(o.status).toBe(ours);
      expect(o.body).toEqual({ error: `OpenAI API error: upstream said ${upstream}` });
      env.anthropic.respondWith({ kind: 'status', status: upstream, message: `upstream said ${upstream}` });
      const a = await anthropic();
      expect(a.status).toBe(ours);
      expect(a.body).toEqual({ error: `Claude Service Error: upstream said ${upstream}` });
      env.anthropic.respondWith({ kind: 'status', status: upstream, message: `claude said ${upstream}` });
      const c = await claude();
      expect(c.status).toBe(ours);
      expect(c.body).toEqual({ error: `Claude Service Error: claude said ${upstream}` });
    });
  }

  it('401/403 never echo the upstream text (it may quote the key)', async () => {
    const leaky = `Incorrect API key provided: ${OPENAI_TEST_KEY}. You can find your API key at ...`;
    env.openai.respondWith(
      { kind: 'status', status: 401, message: leaky },
      { kind: 'status', status: 403, message: leaky },
    );
    const unauth = await openai();
    expect(unauth.status).toBe(502);
    expect(unauth.body.error).toBe(
      'OpenAI API error: the API key configured on the server was rejected. Please contact the administrator.',
    );
    const forbidden = await openai();
    expect(forbidden.body.error).toMatch(/^OpenAI API error: the API key configured on the server is not allowed/);
    env.anthropic.respondWith(
      { kind: 'status', status: 401, message: `invalid x-api-key ${ANTHROPIC_TEST_KEY}` },
      { kind: 'status', status: 403, message: `key ${ANTHROPIC_TEST_KEY} may not use this model` },
    );
    const a = await anthropic();
    expect(a.status).toBe(502);
    expect(a.body.error).toBe(
      'Claude Service Error: the API key configured on the server was rejected. Please contact the administrator.',
    );
    const aForbidden = await claude();
    expect(aForbidden.body.error).toMatch(/^Claude Service Error: the API key configured on the server is not allowed/);
    for (const r of [unauth, forbidden, a, aForbidden]) {
      expect(r.text).not.toContain('SECRET');
      expect(r.text).not.toMatch(/stack|at \w+ \(/);
    }
  });

  it('key-like strings in other upstream messages are redacted', async () => {
    env.openai.respondWith({
      kind: 'status',
      status: 400,
      message: `bad request for key ${OPENAI_TEST_KEY} and sk-other-abcdef123`,
    });
    const res = await openai();
    expect(res.body.error).toBe('OpenAI API error: bad request for key [redacted] and [redacted]');
  });

  it("missing choices -> 'Invalid response from OpenAI API'", async () => {
    env.openai.respondWith({ kind: 'no-choices' });
    const res = await openai();
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Invalid response from OpenAI API' });
    env.anthropic.respondWith({ kind: 'no-choices' });
    expect((await anthropic()).body).toEqual({ error: 'Invalid response from Anthropic API' });
  });

  it('malformed JSON -> invalid response', async () => {
    env.openai.respondWith({ kind: 'malformed' });
    const res = await openai();
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Invalid response from OpenAI API' });
    env.anthropic.respondWith({ kind: 'malformed' });
    expect((await anthropic()).body).toEqual({ error: 'Invalid response from Anthropic API' });
  });

  it("timeout (PROVIDER_TIMEOUT_MS) -> 504 'Request timed out.'", async () => {
    env.openai.respondWith({ kind: 'slow', delayMs: 2000 });
    const res = await openai();
    // A 504 rather than the slow answer's 200: the SDK gave up before the provider answered.
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: 'Request timed out.' });
    env.anthropic.respondWith({ kind: 'slow', delayMs: 2000 });
    expect((await anthropic()).body).toEqual({ error: 'Request timed out.' });
  });

  it("dropped connection -> 502 'Connection error.'", async () => {
    env.openai.respondWith({ kind: 'drop' });
    const res = await openai();
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Connection error.' });
    env.anthropic.respondWith({ kind: 'drop' });
    expect((await anthropic()).body).toEqual({ error: 'Connection error.' });
  });

  it('the server stays healthy after all of that', async () => {
    const health = await request(`${env.url}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe('connection refused', () => {
  let env: TestEnv;
  let cookie: string;
  beforeAll(async () => {
    const port = await closedPort();
    env = await startTestEnv({
      env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` },
    });
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  it("-> 502 'Connection error.' for both providers", async () => {
    const o = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(o.status).toBe(502);
    expect(o.body).toEqual({ error: 'Connection error.' });
    const a = await request(`${env.url}/api/claude`, {
      body: { model: CLAUDE, systemPrompt: 's', userPrompt: 'u' },
      cookie,
    });
    expect(a.body).toEqual({ error: 'Connection error.' });
  });
});

describe('retries (PROVIDER_MAX_RETRIES=2)', () => {
  let env: TestEnv;
  let cookie: string;
  beforeAll(async () => {
    env = await startTestEnv({ env: { PROVIDER_MAX_RETRIES: '2', PROVIDER_TIMEOUT_MS: '300' } });
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.openai.reset();
    env.anthropic.reset();
  });

  it('429 with retry-after: 0 is retried, then succeeds', async () => {
    env.openai.respondWith(
      { kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0' } },
      { kind: 'text', text: 'ok after retry' },
    );
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.body).toEqual({ text: 'ok after retry' });
    expect(env.openai.requests).toHaveLength(2);
  });

  it('5xx is retried (retry-after honoured), then succeeds; Anthropic too', async () => {
    env.openai.respondWith(
      { kind: 'status', status: 500, headers: { 'retry-after': '0' } },
      { kind: 'status', status: 502, headers: { 'retry-after': '0' } },
      { kind: 'text', text: 'third time lucky' },
    );
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.body).toEqual({ text: 'third time lucky' });
    expect(env.openai.requests).toHaveLength(3);

    env.anthropic.respondWith(
      { kind: 'status', status: 529, message: 'Overloaded', headers: { 'retry-after': '0' } },
      { kind: 'text', text: 'claude ok' },
    );
    const a = await request(`${env.url}/api/claude`, {
      body: { model: CLAUDE, systemPrompt: 's', userPrompt: 'u' },
      cookie,
    });
    expect(a.body).toEqual({ text: 'claude ok' });
    expect(env.anthropic.requests).toHaveLength(2);
  });

  it('gives up after 1 + 2 attempts with the mapped error', async () => {
    const busy = {
      kind: 'status',
      status: 429,
      message: 'Rate limit reached for gpt-4o',
      headers: { 'retry-after': '0' },
    } as const;
    env.openai.respondWith(busy, busy, busy, { kind: 'text', text: 'never reached' });
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'OpenAI API error: Rate limit reached for gpt-4o' });
    expect(env.openai.requests).toHaveLength(3);
  });

  it('400 is not retried', async () => {
    env.openai.respondWith({ kind: 'status', status: 400, message: 'bad' });
    await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(env.openai.requests).toHaveLength(1);
  });

  it('a timed-out attempt is retried', async () => {
    env.openai.respondWith({ kind: 'slow', delayMs: 1000 }, { kind: 'text', text: 'fast now' });
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.body).toEqual({ text: 'fast now' });
    expect(env.openai.requests).toHaveLength(2);
  });
});

describe("upstream bodies that are not the API's JSON never reach the user", () => {
  let env: TestEnv;
  let cookie: string;
  const logs = captureLogs('debug');
  const html =
    '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
  const stack =
    'TypeError: Cannot read properties of undefined\n    at handler (/srv/app/server.js:12:5)\n    at process.processTicksAndRejections';

  beforeAll(async () => {
    env = await startTestEnv({ logger: logs.logger });
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  it('an HTML error page: the mapped message and the upstream status, for both providers and the trial', async () => {
    env.openai.respondWith({ kind: 'raw', status: 502, body: html });
    const o = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(o).toMatchObject({ status: 502, body: { error: 'OpenAI API error: Unknown error (upstream status 502)' } });
    env.anthropic.respondWith({ kind: 'raw', status: 503, body: html });
    const c = await request(`${env.url}/api/claude`, {
      body: { model: CLAUDE, systemPrompt: 's', userPrompt: 'u' },
      cookie,
    });
    expect(c).toMatchObject({
      status: 502,
      body: { error: 'Claude Service Error: Unknown error (upstream status 503)' },
    });
    env.openai.respondWith({ kind: 'raw', status: 502, body: html });
    const t = await request(`${env.url}/api/trial/optimize`, { body: { prompt: 'hi' } });
    expect(t.body.error).toBe(
      'Sorry, there was an error optimizing your prompt. Please try again later or contact support.',
    );
  });

  it('a stack trace, as plain text or inside a JSON message, is kept out too', async () => {
    env.openai.respondWith({ kind: 'raw', status: 500, body: stack, contentType: 'text/plain' });
    const plain = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(plain.body).toEqual({ error: 'OpenAI API error: Unknown error (upstream status 500)' });
    env.openai.respondWith({ kind: 'status', status: 500, message: stack });
    const json = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(json.body).toEqual({ error: 'OpenAI API error: Unknown error (upstream status 500)' });
  });

  it('operators get provider, model, upstream status, kind and duration; the body only at debug; never the prompt or key', async () => {
    logs.lines.length = 0;
    env.openai.respondWith({ kind: 'raw', status: 502, body: html });
    await request(`${env.url}/api/generate`, { body: generateBody({ userPrompt: 'PROMPT-MARKER-77' }), cookie });
    const failure = logs.lines.find((l) => l.msg === 'upstream call failed');
    expect(failure).toMatchObject({
      level: 40,
      provider: 'openai',
      model: 'gpt-4o',
      upstreamStatus: 502,
      kind: 'server_error',
    });
    expect(typeof failure?.durationMs).toBe('number');
    const detail = logs.lines.find((l) => l.msg === 'upstream error body');
    expect(detail).toMatchObject({ level: 20, provider: 'openai' });
    expect(detail?.upstreamDetail).toContain('502 Bad Gateway');
    const all = JSON.stringify(logs.lines);
    for (const secret of ['PROMPT-MARKER-77', OPENAI_TEST_KEY, ANTHROPIC_TEST_KEY]) expect(all).not.toContain(secret);
  });
});
