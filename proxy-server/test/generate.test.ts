import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findModel, PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';

describe('POST /api/generate and /api/claude (signed in, against fake providers)', () => {
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

  it('OpenAI: system + user message, max_tokens 1000, temperature 0.7, returns the text', async () => {
    env.openai.respondWith({ kind: 'text', text: 'An optimized prompt.' });
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'An optimized prompt.' });
    expect(env.openai.requests).toHaveLength(1);
    const sent = env.openai.requests[0];
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-OPENAI-SECRET-0123456789');
    expect(sent.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are an expert prompt engineer.' },
        { role: 'user', content: 'Write a haiku about databases.' },
      ],
      max_tokens: 1000,
      temperature: 0.7,
    });
  });

  it('OpenAI: every catalogue model is accepted', async () => {
    for (const m of PROVIDERS.openai.models) {
      const res = await request(`${env.url}/api/generate`, { body: generateBody({ model: m.id }), cookie });
      expect(res.status, m.id).toBe(200);
      expect(env.openai.requests.at(-1)?.body.model).toBe(m.id);
    }
  });

  it('Anthropic: messages API with system, one user message and max_tokens 1000', async () => {
    env.anthropic.respondWith({ kind: 'text', text: 'Claude says hi.' });
    const model = PROVIDERS.anthropic.models[0].id;
    const res = await request(`${env.url}/api/generate`, {
      body: generateBody({ provider: 'anthropic', model }),
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'Claude says hi.' });
    const sent = env.anthropic.requests[0];
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers.authorization).toBe('Bearer sk-ant-test-ANTHROPIC-SECRET-9876543210');
    expect(sent.body).toEqual({
      model,
      max_tokens: 1000,
      system: 'You are an expert prompt engineer.',
      messages: [{ role: 'user', content: 'Write a haiku about databases.' }],
    });
  });

  it("'local' is not a server provider (the browser runs the offline optimizer itself): 400", async () => {
    const res = await request(`${env.url}/api/generate`, {
      body: generateBody({ provider: 'local', model: 'offline' }),
      cookie,
    });
    expect(res.status).toBe(400);
    expect(env.openai.requests).toHaveLength(0);
    expect(env.anthropic.requests).toHaveLength(0);
  });

  it('POST /api/claude keeps the spec contract', async () => {
    env.anthropic.respondWith({ kind: 'text', text: 'Refined.' });
    const res = await request(`${env.url}/api/claude`, {
      body: { model: 'claude-3-haiku-20240307', systemPrompt: 'sys', userPrompt: 'user' },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'Refined.' });
    expect(env.anthropic.requests[0].body.model).toBe('claude-3-haiku-20240307');
  });

  it("unknown provider -> 400 'Unsupported AI provider'", async () => {
    const res = await request(`${env.url}/api/generate`, { body: generateBody({ provider: 'gemini' }), cookie });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Unsupported AI provider' });
  });

  it('unknown model -> 400 naming the model and the choices', async () => {
    const res = await request(`${env.url}/api/generate`, { body: generateBody({ model: 'gpt-9' }), cookie });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      `Unknown model 'gpt-9' for OpenAI. Choose one of: ${PROVIDERS.openai.models.map((m) => m.id).join(', ')}.`,
    );
    const claude = await request(`${env.url}/api/claude`, {
      body: { model: 'gpt-4o', systemPrompt: '', userPrompt: 'x' },
      cookie,
    });
    expect(claude.status).toBe(400);
    expect(claude.body.error).toMatch(/^Unknown model 'gpt-4o' for Anthropic\/Claude\./);
  });

  it('missing, empty and mistyped fields -> 400 with a clear sentence', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...generateBody(), userPrompt: undefined }, "Field 'userPrompt' is required."],
      [generateBody({ userPrompt: '   ' }), "Field 'userPrompt' must not be empty."],
      [generateBody({ model: 42 }), "Field 'model' must be a string."],
      [generateBody({ systemPrompt: ['a'] }), "Field 'systemPrompt' must be a string."],
      [{ ...generateBody(), provider: undefined }, "Field 'provider' is required."],
      [[1, 2], 'Request body must be a JSON object (send Content-Type: application/json).'],
    ];
    for (const [body, message] of cases) {
      const res = await request(`${env.url}/api/generate`, {
        rawBody: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        cookie,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: message });
    }
    expect(env.openai.requests).toHaveLength(0);
  });

  it('a body that is not JSON -> 400', async () => {
    const bad = await request(`${env.url}/api/generate`, {
      rawBody: '{"provider": "openai",',
      headers: { 'content-type': 'application/json' },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Request body must be valid JSON.' });
    const text = await request(`${env.url}/api/generate`, {
      rawBody: 'provider=openai',
      headers: { 'content-type': 'text/plain' },
      cookie,
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/JSON object/);
  });

  it('signed-out callers get 401 JSON and the provider is never called', async () => {
    for (const path of ['/api/generate', '/api/claude']) {
      const res = await request(`${env.url}${path}`, { body: generateBody() });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please sign in to use this feature.' });
    }
    const forged = await request(`${env.url}/api/generate`, {
      body: generateBody(),
      cookie: 'pp_session=s%3Aforged.c2lnbmF0dXJl',
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Your session is not valid or has expired. Please sign in again.' });
    const unsigned = await request(`${env.url}/api/generate`, {
      body: generateBody(),
      cookie: 'pp_session=plainvalue',
    });
    expect(unsigned.status).toBe(401);
    expect(env.openai.requests).toHaveLength(0);
  });

  it('the o1 flag in the catalogue is false for every shipped model', () => {
    expect(PROVIDERS.openai.models.every((m) => m.isO1 === false)).toBe(true);
    expect(findModel('openai', 'gpt-4o-mini')).toBeDefined();
  });
});

describe('providers without keys', () => {
  let env: TestEnv;
  let cookie: string;
  beforeAll(async () => {
    env = await startTestEnv({ openaiKey: false, anthropicKey: false });
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  it("answer 503 '{provider} API is not configured. Please contact the administrator.'", async () => {
    const openai = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(openai.status).toBe(503);
    expect(openai.body).toEqual({ error: 'OpenAI API is not configured. Please contact the administrator.' });
    const anthropic = await request(`${env.url}/api/generate`, {
      body: generateBody({ provider: 'anthropic', model: 'claude-3-opus-20240229' }),
      cookie,
    });
    expect(anthropic.status).toBe(503);
    expect(anthropic.body).toEqual({
      error: 'Anthropic/Claude API is not configured. Please contact the administrator.',
    });
    const claude = await request(`${env.url}/api/claude`, {
      body: { model: 'claude-3-opus-20240229', systemPrompt: '', userPrompt: 'x' },
      cookie,
    });
    expect(claude.status).toBe(503);
    expect(env.openai.requests).toHaveLength(0);
  });

  it('GET /api/providers and /api/health say which providers are configured', async () => {
    const providers = await request(`${env.url}/api/providers`);
    expect(providers.status).toBe(200);
    expect(providers.body.providers.map((p: any) => [p.id, p.configured])).toEqual([
      ['openai', false],
      ['anthropic', false],
    ]);
    expect(providers.body.providers[0].models.map((m: any) => [m.id, m.name, m.source])).toEqual(
      PROVIDERS.openai.models.map((m) => [m.id, m.name, 'catalogue']),
    );
    expect(providers.body).toMatchObject({ trialModel: 'gpt-4o-mini', testModel: 'gpt-4o' });
    expect(providers.body.providers[0].fetchedAt).toBeNull();
    const health = await request(`${env.url}/api/health`);
    expect(health.body).toMatchObject({ status: 'ok', providers: { openai: false, anthropic: false } });
    expect(typeof health.body.uptimeSeconds).toBe('number');
    const ready = await request(`${env.url}/api/health/ready`);
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok', redis: 'not configured' } });
  });
});
