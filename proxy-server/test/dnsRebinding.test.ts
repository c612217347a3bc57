/**
 * Attack-run finding 1 (high): a page that rebinds its own name to 127.0.0.1 must not be able to sign
 * in, spend the provider keys or read anything. Host and Origin are forged with node:http.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { generateBody, send, signInLocal, startTestEnv, type TestEnv } from './helpers';

const MISDIRECTED = {
  error: "This server does not answer to that host name. If it is this server's public name, add it to ALLOWED_HOSTS.",
};

describe('DNS rebinding: only known host names are answered', () => {
  let env: TestEnv;
  let port: string;
  let cookie: string;
  beforeAll(async () => {
    env = await startTestEnv({ env: { ALLOWED_HOSTS: 'app.example.com,.corp.example' } });
    port = new URL(env.url).port;
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  const attacker = () => ({
    host: `rebind.attacker.example:${port}`,
    origin: `http://rebind.attacker.example:${port}`,
  });

  it('a rebound name cannot sign in: 421 JSON, no session cookie', async () => {
    const res = await send(env.url, '/api/auth/local/sign-in', attacker(), { name: 'Mallory', email: 'm@example.com' });
    expect(res).toMatchObject({ status: 421, body: MISDIRECTED });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a rebound name cannot spend the keys, even with a valid session cookie: the provider sees nothing', async () => {
    env.openai.reset();
    const gen = await send(env.url, '/api/generate', { ...attacker(), cookie }, generateBody());
    expect(gen).toMatchObject({ status: 421, body: MISDIRECTED });
    const trial = await send(env.url, '/api/trial/optimize', attacker(), { prompt: 'write a poem' });
    expect(trial).toMatchObject({ status: 421, body: MISDIRECTED });
    expect(env.openai.requests).toHaveLength(0);
  });

  it('nothing is readable under a rebound name: session, pages and assets answer 421', async () => {
    for (const path of ['/api/auth/session', '/api/providers', '/', '/runtime-config.json']) {
      expect((await send(env.url, path, { ...attacker(), cookie }, undefined, 'GET')).status, path).toBe(421);
    }
  });

  it("the same requests under this machine's names pass: localhost, 127.0.0.0/8, [::1], any IP literal", async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `127.1.2.3:${port}`,
      `[::1]:${port}`,
      `192.168.1.5:${port}`,
      `dev.localhost:${port}`,
    ]) {
      const res = await send(env.url, '/api/generate', { host, origin: `http://${host}`, cookie }, generateBody());
      expect(res.status, host).toBe(200);
    }
  });

  it('ALLOWED_HOSTS names pass: exact names, and a leading dot for a domain and its subdomains', async () => {
    for (const host of ['app.example.com', 'APP.example.com:443', 'corp.example', 'eu.corp.example']) {
      expect((await send(env.url, '/api/providers', { host }, undefined, 'GET')).status, host).toBe(200);
    }
    for (const host of [
      'example.com',
      'app.example.com.evil.example',
      'corp.example.evil.example',
      'notcorp.example',
    ]) {
      expect((await send(env.url, '/api/providers', { host }, undefined, 'GET')).status, host).toBe(421);
    }
  });

  it('health checks under a foreign name are refused too (no exceptions a page could use)', async () => {
    expect((await send(env.url, '/api/health', attacker(), undefined, 'GET')).status).toBe(421);
  });
});

describe('X-Forwarded-Host', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ env: { TRUST_PROXY: 'loopback', ALLOWED_HOSTS: 'app.example.com' } });
  });
  afterAll(() => env.close());

  it('from a trusted proxy it is checked as well: a foreign name is refused', async () => {
    const headers = { host: '127.0.0.1', 'x-forwarded-host': 'rebind.attacker.example', 'x-forwarded-proto': 'https' };
    expect((await send(env.url, '/api/providers', headers, undefined, 'GET')).status).toBe(421);
    expect(
      (await send(env.url, '/api/providers', { ...headers, 'x-forwarded-host': 'app.example.com' }, undefined, 'GET'))
        .status,
    ).toBe(200);
  });
});

describe('ALLOWED_HOSTS validation', () => {
  it('names the variable and the expected form for a URL, a port or a path', () => {
    for (const bad of ['https://app.example.com', 'app.example.com:443', 'app.example.com/path', '*']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS: .*is not a host name/);
    }
    expect(loadConfig({ ALLOWED_HOSTS: ' app.example.com , .corp.example ' }).allowedHosts).toEqual([
      'app.example.com',
      '.corp.example',
    ]);
  });
});
