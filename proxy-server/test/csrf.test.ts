import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBody, request, send, signInLocal, startTestEnv, type TestEnv } from './helpers';

const CROSS_SITE = { error: 'Cross-site requests are not allowed.' };

describe('cross-site request guard on unsafe /api methods', () => {
  let env: TestEnv;
  let cookie: string;
  let host: string; // 127.0.0.1:<port>
  const local = generateBody();

  beforeAll(async () => {
    env = await startTestEnv({ env: { TRIAL_LIMIT_PER_IP: '1000', ALLOWED_HOSTS: 'example.test' } });
    cookie = await signInLocal(env.url);
    host = new URL(env.url).host;
  });
  afterAll(() => env.close());

  it('Sec-Fetch-Site: cross-site -> 403 JSON, and nothing runs (no trial used, no provider call)', async () => {
    const gen = await send(env.url, '/api/generate', { cookie, 'sec-fetch-site': 'cross-site' }, generateBody());
    expect(gen).toMatchObject({ status: 403, body: CROSS_SITE });
    const trial = await send(env.url, '/api/trial/optimize', { 'sec-fetch-site': 'cross-site' }, { prompt: 'hi' });
    expect(trial).toMatchObject({ status: 403, body: CROSS_SITE });
    const signIn = await send(
      env.url,
      '/api/auth/local/sign-in',
      { 'sec-fetch-site': 'Cross-Site' },
      { name: 'Eve', email: 'eve@evil.test' },
    );
    expect(signIn).toMatchObject({ status: 403, body: CROSS_SITE });
    expect(env.openai.requests).toHaveLength(0);
  });

  it("an Origin whose host is not the request's Host -> 403, for POST, PUT, PATCH and DELETE", async () => {
    for (const origin of [
      'https://evil.example',
      `http://127.0.0.1:1`,
      'http://localhost:3000',
      'null',
      'not a url',
      `file://${host}`,
    ]) {
      const res = await send(env.url, '/api/generate', { cookie, origin, host }, local);
      expect(res, origin).toMatchObject({ status: 403, body: CROSS_SITE });
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await send(
        env.url,
        '/api/auth/sign-out',
        { cookie, origin: 'https://evil.example' },
        undefined,
        method,
      );
      expect(res, method).toMatchObject({ status: 403, body: CROSS_SITE });
    }
    const signOut = await send(env.url, '/api/auth/sign-out', { cookie, origin: 'https://evil.example' });
    expect(signOut).toMatchObject({ status: 403, body: CROSS_SITE });
    // The session survived the forged sign-out.
    expect((await request(`${env.url}/api/auth/session`, { cookie })).body.user?.name).toBe('Ada Lovelace');
  });

  it('same-origin browser requests pass (Origin host = Host, Sec-Fetch-Site same-origin/same-site/none)', async () => {
    const ok = await send(
      env.url,
      '/api/generate',
      { cookie, host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
      local,
    );
    expect(ok.status).toBe(200);
    expect(typeof ok.body.text).toBe('string');
    for (const site of ['same-site', 'none']) {
      expect((await send(env.url, '/api/generate', { cookie, 'sec-fetch-site': site }, local)).status, site).toBe(200);
    }
    // Case and a default port do not matter: http://example.test:80 is http://example.test.
    expect(
      (await send(env.url, '/api/generate', { cookie, host: 'Example.TEST:80', origin: 'http://example.test' }, local))
        .status,
    ).toBe(200);
  });

  it('dev: rspack dev servers proxy /api with the Host unchanged, so Origin http://localhost:3000 + Host localhost:3000 passes', async () => {
    const res = await send(
      env.url,
      '/api/trial/optimize',
      { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { prompt: 'write a poem' },
    );
    expect(res.status).toBe(200);
    expect(res.body.remaining).toBe(9);
    const signIn = await send(
      env.url,
      '/api/auth/local/sign-in',
      { host: 'localhost:3000', origin: 'http://localhost:3000' },
      { name: 'Dev', email: 'dev@example.com' },
    );
    expect(signIn.status).toBe(200);
  });

  it('requests with neither header (curl, SDKs, these tests) pass; safe methods are never checked', async () => {
    expect((await request(`${env.url}/api/generate`, { body: local, cookie })).status).toBe(200);
    const get = await send(
      env.url,
      '/api/trial/status',
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      undefined,
      'GET',
    );
    expect(get.status).toBe(200);
    expect(get.body.limit).toBe(10);
  });
});

describe('behind a trusted proxy that rewrites Host', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ env: { TRUST_PROXY: 'loopback', ALLOWED_HOSTS: 'app.example.com' } });
  });
  afterAll(() => env.close());

  it('the X-Forwarded-Host of a trusted proxy counts as the request host; an untrusted Origin is still refused', async () => {
    const headers = { host: '127.0.0.1:3002', 'x-forwarded-host': 'app.example.com', 'x-forwarded-proto': 'https' };
    expect(
      (await send(env.url, '/api/trial/optimize', { ...headers, origin: 'https://app.example.com' }, { prompt: 'hi' }))
        .status,
    ).toBe(200);
    expect(
      await send(env.url, '/api/trial/optimize', { ...headers, origin: 'https://evil.example' }, { prompt: 'hi' }),
    ).toMatchObject({
      status: 403,
      body: CROSS_SITE,
    });
  });
});
