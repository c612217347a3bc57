import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { makeKeyPair, publishableKeyFor, signSessionToken } from './clerkTokens';
import {
  CLEAN_ENV,
  cookiesOf,
  generateBody,
  request,
  signInLocal,
  startTestEnv,
  tempDir,
  type TestEnv,
} from './helpers';

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
    const res = await request(`${env.url}/api/auth/local/sign-in`, {
      body: { name: '  Ada Lovelace ', email: 'ada@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mode: 'local',
      user: {
        id: expect.stringMatching(/^local_[0-9a-f]{24}$/),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        source: 'local',
      },
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
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie })).status).toBe(200);
    const out = await request(`${env.url}/api/auth/sign-out`, { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ mode: 'local', user: null });
    expect(out.headers.getSetCookie()[0]).toMatch(/^pp_session=;/);
    // Replaying the old cookie after sign-out:
    const replay = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(replay.status).toBe(401);
    expect((await request(`${env.url}/api/auth/session`, { cookie })).body.user).toBeNull();
  });

  it('local mode CSP is unchanged: no Clerk or Cloudflare origins', async () => {
    const csp = (await request(`${env.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toMatch(/clerk|cloudflare/);
  });

  it('the database stores sha256(session id), never the id the cookie carries', async () => {
    const cookie = await signInLocal(env.url, 'Hash Test', 'hash@example.com');
    const sid = decodeURIComponent(/pp_session=s%3A([^;]+)/.exec(cookie)![1]).replace(/\.[^.]+$/, '');
    const db = new Database(path.join(env.dataDir, 'prompt-perfect.sqlite'), { readonly: true });
    try {
      const columns = db.prepare("SELECT name FROM pragma_table_info('sessions')").all() as Array<{ name: string }>;
      expect(columns.map((c) => c.name)).not.toContain('id');
      const rows = db.prepare('SELECT * FROM sessions').all() as Array<Record<string, unknown>>;
      const mine = rows.find((r) => r.id_hash === createHash('sha256').update(sid).digest('hex'));
      expect(mine).toMatchObject({ name: 'Hash Test', email: 'hash@example.com' });
      expect(JSON.stringify(rows)).not.toContain(sid);
    } finally {
      db.close();
    }
    // and the cookie still works: lookups hash it
    expect((await request(`${env.url}/api/auth/session`, { cookie })).body.user.name).toBe('Hash Test');
  });

  it('a Bearer token means nothing in local mode', async () => {
    const res = await request(`${env.url}/api/generate`, {
      body: generateBody(),
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
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
      body: generateBody(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    env = await startTestEnv({
      env: {
        AUTH_MODE: 'clerk',
        CLERK_PUBLISHABLE_KEY: publishableKey,
        CLERK_JWT_KEY: keys.publicPem,
        CLERK_SECRET_KEY: 'sk_test_clerk_SECRET',
      },
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
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'user_admin' }),
    ).toString('base64url');
    const bad = [
      signSessionToken(other.privateKey), // signed with someone else's key
      signSessionToken(keys.privateKey, {
        exp: Math.floor(Date.now() / 1000) - 600,
        iat: Math.floor(Date.now() / 1000) - 900,
        nbf: Math.floor(Date.now() / 1000) - 900,
      }),
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

  it("CSP has what Clerk's CSP guide requires: img.clerk.com, bot and fraud protection (script, frame, connect), blob: workers", async () => {
    const csp = (await request(`${env.url}/`)).headers.get('content-security-policy')!;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `))!
        .split(/\s+/)
        .slice(1);
    const protection = ['https://challenges.cloudflare.com', 'https://*.protect.clerk.com'];
    expect(directive('script-src')).toEqual(["'self'", 'https://clerk.example.test', ...protection]);
    expect(directive('connect-src')).toEqual(["'self'", 'https://clerk.example.test', 'https://*.protect.clerk.com']);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'https://clerk.example.test', 'https://img.clerk.com']);
    expect(directive('frame-src')).toEqual(["'self'", 'https://clerk.example.test', ...protection]);
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('style-src')).toContain("'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
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
    expect(() =>
      loadConfig({ ...CLEAN_ENV, AUTH_MODE: 'clerk', CLERK_PUBLISHABLE_KEY: 'pk_test_garbage', CLERK_JWT_KEY: 'x' }),
    ).toThrow(/not a valid Clerk publishable key/);
  });
});

describe('session storage on disk', () => {
  it('start-up prunes expired sessions and drops sessions stored in clear by older versions', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'prompt-perfect.sqlite');
    // A database as an older version left it: raw session ids in sessions.id.
    const old = new Database(file);
    old.exec(
      'CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);',
    );
    old
      .prepare('INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)')
      .run('RAW-SESSION-ID', 'u1', 'Old', 'old@example.com', 0, Date.now() + 60_000);
    old.close();

    let server = await startServer({ DATA_DIR: dataDir }, CLEAN_ENV);
    const live = await signInLocal(server.url, 'Live', 'live@example.com');
    const expiring = await signInLocal(server.url, 'Expiring', 'expiring@example.com');
    await server.close();

    const readRows = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT * FROM sessions').all() as Array<Record<string, unknown>>;
      } finally {
        db.close();
      }
    };
    expect(JSON.stringify(readRows())).not.toContain('RAW-SESSION-ID');
    expect(
      readRows()
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Expiring', 'Live']);

    // Let one session expire while the server is down.
    const db = new Database(file);
    db.prepare('UPDATE sessions SET expires_at = ? WHERE name = ?').run(Date.now() - 1000, 'Expiring');
    db.close();

    server = await startServer({ DATA_DIR: dataDir }, CLEAN_ENV);
    try {
      expect(readRows().map((r) => r.name)).toEqual(['Live']);
      expect((await request(`${server.url}/api/auth/session`, { cookie: live })).body.user.name).toBe('Live');
      expect((await request(`${server.url}/api/auth/session`, { cookie: expiring })).body.user).toBeNull();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
