import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { makeKeyPair, publishableKeyFor, signSessionToken } from './clerkTokens';
import { CLEAN_ENV, cookiesOf, generateBody, request, signInLocal, startTestEnv, tempDir, type TestEnv } from './helpers';

describe('local identity', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv();
  });
  afterAll(() => env.close());

  it('session is empty before sign-in', async () => {
    const res = await request(`${env.url}/api/auth/session`);
    expect(res.body).toEqual({ mode: 'local', user: null });
  });

  it('sign-in sets a signed httpOnly SameSite=Lax cookie and returns the user', async () => {
    const res = await request(`${env.url}/api/auth/local/sign-in`, { body: { name: '  Ada Lovelace ', email: 'ada@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mode: 'local',
      user: { id: expect.stringMatching(/^local_[0-9a-f]{24}$/), name: 'Ada Lovelace', email: 'ada@example.com', source: 'local' },
    });
    const set = res.headers.getSetCookie()[0];
    expect(set).toMatch(/^pp_session=s%3A/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    const session = await request(`${env.url}/api/auth/session`, { cookie: cookiesOf(res) });
    expect(session.body.user.name).toBe('Ada Lovelace');
  });

  it('validates name and e-mail', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '', email: 'a@b.co' }, "Field 'name' must not be empty."],
      [{ name: 'x'.repeat(81), email: 'a@b.co' }, "Field 'name' is too long (at most 80 characters)."],
      [{ name: 'Ada', email: 'not-an-email' }, "Field 'email' must be a valid e-mail address."],
      [{ name: 'Ada' }, "Field 'email' is required."],
      [{ name: 7, email: 'a@b.co' }, "Field 'name' must be a string."],
    ];
    for (const [body, error] of cases) {
      const res = await request(`${env.url}/api/auth/local/sign-in`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error });
    }
  });

  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const cookie = await signInLocal(env.url, 'Grace', 'grace@example.com');
    expect((await request(`${env.url}/api/generate`, { body: generateBody({ provider: 'local', model: 'offline' }), cookie })).status).toBe(200);
    const out = await request(`${env.url}/api/auth/sign-out`, { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ mode: 'local', user: null });
    expect(out.headers.getSetCookie()[0]).toMatch(/^pp_session=;/);
    // Replaying the old cookie after sign-out:
    const replay = await request(`${env.url}/api/generate`, { body: generateBody({ provider: 'local', model: 'offline' }), cookie });
    expect(replay.status).toBe(401);
    expect((await request(`${env.url}/api/auth/session`, { cookie })).body.user).toBeNull();
  });

  it('a Bearer token means nothing in local mode', async () => {
    const res = await request(`${env.url}/api/generate`, { body: generateBody(), headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.status).toBe(401);
  });
});

describe('Clerk mode (networkless verification with CLERK_JWT_KEY)', () => {
  const keys = makeKeyPair();
  const other = makeKeyPair();
  const publishableKey = publishableKeyFor('clerk.example.test');
  let env: TestEnv;
  const call = (token?: string) =>
    request(`${env.url}/api/generate`, {
      body: generateBody({ provider: 'local', model: 'offline' }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    env = await startTestEnv({
      env: { AUTH_MODE: 'clerk', CLERK_PUBLISHABLE_KEY: publishableKey, CLERK_JWT_KEY: keys.publicPem, CLERK_SECRET_KEY: 'sk_test_clerk_SECRET' },
    });
  });
  afterAll(() => env.close());

  it('a valid RS256 session token is accepted', async () => {
    const token = signSessionToken(keys.privateKey, { name: 'Ada Clerk', email: 'ada@clerk.test' });
    const res = await call(token);
    expect(res.status).toBe(200);
    const session = await request(`${env.url}/api/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(session.body).toEqual({
      mode: 'clerk',
      user: { id: 'user_2abcTEST', name: 'Ada Clerk', email: 'ada@clerk.test', source: 'clerk' },
    });
  });

  it('no token -> 401; forged, expired, tampered or garbage tokens -> 401 JSON', async () => {
    const none = await call();
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'Please sign in to use this feature.' });
    expect(none.headers.get('www-authenticate')).toBe('Bearer');

    const good = signSessionToken(keys.privateKey);
    const [h, p, s] = good.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'user_admin' })).toString('base64url');
    const bad = [
      signSessionToken(other.privateKey), // signed with someone else's key
      signSessionToken(keys.privateKey, { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 900, nbf: Math.floor(Date.now() / 1000) - 900 }),
      `${h}.${tamperedPayload}.${s}`,
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`,
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await call(token);
      expect(res.status, token.slice(0, 40)).toBe(401);
      expect(res.body).toEqual({ error: 'Your session is not valid or has expired. Please sign in again.' });
    }
  });

  it('the local sign-in endpoint answers 404 in Clerk mode', async () => {
    const res = await request(`${env.url}/api/auth/local/sign-in`, { body: { name: 'Ada', email: 'ada@example.com' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/Clerk/);
  });

  it('runtime config and CSP name Clerk; no secret is exposed', async () => {
    const res = await request(`${env.url}/runtime-config.json`);
    expect(res.body.auth).toEqual({ mode: 'clerk', publishableKey });
    expect(res.text).not.toContain('SECRET');
    expect(res.text).not.toContain('BEGIN PUBLIC KEY');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://clerk.example.test");
    expect(csp).toContain("connect-src 'self' https://clerk.example.test");
  });
});

describe('Clerk configuration errors', () => {
  it('AUTH_MODE=clerk without CLERK_PUBLISHABLE_KEY refuses to start with a clear error', async () => {
    const env = { ...CLEAN_ENV, DATA_DIR: tempDir(), AUTH_MODE: 'clerk', CLERK_SECRET_KEY: 'sk_test_x' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/CLERK_PUBLISHABLE_KEY is missing/);
    await expect(startServer({}, env)).rejects.toThrow(/CLERK_PUBLISHABLE_KEY/);
  });

  it('CLERK_SECRET_KEY alone selects Clerk (and so needs the publishable key)', () => {
    expect(() => loadConfig({ ...CLEAN_ENV, CLERK_SECRET_KEY: 'sk_test_x' })).toThrow(/CLERK_PUBLISHABLE_KEY/);
  });

  it('a malformed publishable key is refused', () => {
    expect(() => loadConfig({ ...CLEAN_ENV, AUTH_MODE: 'clerk', CLERK_PUBLISHABLE_KEY: 'pk_test_garbage', CLERK_JWT_KEY: 'x' })).toThrow(
      /not a valid Clerk publishable key/,
    );
  });
});
