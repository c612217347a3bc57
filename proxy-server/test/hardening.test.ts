import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logging/logger';
import { startServer, type RunningServer } from '../src/server';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import { invalidBodyFor, rng } from './fuzz';
import {
  ANTHROPIC_TEST_KEY,
  CLEAN_ENV,
  generateBody,
  OPENAI_TEST_KEY,
  request,
  signInLocal,
  startTestEnv,
  tempDir,
  type TestEnv,
} from './helpers';

/** Sends raw bytes and returns the raw response. */
function raw(url: string, payload: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.write(payload);
    setTimeout(() => socket.end(), 300);
  });
}

describe('hardening', () => {
  let env: TestEnv;
  let cookie: string;
  beforeAll(async () => {
    env = await startTestEnv();
    cookie = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  it('413 over 64 KB with a clear message', async () => {
    const res = await request(`${env.url}/api/generate`, {
      body: generateBody({ userPrompt: 'x'.repeat(70 * 1024) }),
      cookie,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body is too large (the limit is 64 KB).' });
    const trial = await request(`${env.url}/api/trial/optimize`, { body: { prompt: 'y'.repeat(65 * 1024) } });
    expect(trial.status).toBe(413);
    const justUnder = await request(`${env.url}/api/generate`, {
      body: generateBody({ userPrompt: 'x'.repeat(60 * 1024) }),
      cookie,
    });
    expect(justUnder.status).toBe(200);
  });

  it('security headers: CSP with self only (no remotes configured), no x-powered-by, nosniff', async () => {
    const res = await request(`${env.url}/api/health`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // Inline styles only (Radix's scroll lock injects a <style>); they cannot run code.
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown API routes answer 404 JSON', async () => {
    const res = await request(`${env.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No such API endpoint/);
  });

  it('unparsable HTTP gets a JSON 400 from the socket layer', async () => {
    const answer = await raw(env.url, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('{"error":"Malformed HTTP request."}');
  });

  it('1,000 fuzzed and hostile requests: each a 4xx with a JSON error; the server stays healthy', async () => {
    env.openai.reset();
    env.anthropic.reset();
    const r = rng(20261121);
    const paths = [
      '/api/generate',
      '/api/claude',
      '/api/trial/optimize',
      '/api/auth/local/sign-in',
      '/api/does-not-exist',
      '/api/generate',
    ];
    const contentTypes = [
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
      '',
    ];
    const hostileBodies = [
      () => '{'.repeat(1 + r.int(2000)),
      () => '['.repeat(20_000),
      () => '{"prompt": "unterminated',
      () => '\u0000\u0001\u0002',
      () => 'null',
      () => '"just a string"',
      () => '12345',
      () => JSON.stringify({ prompt: 'z'.repeat(70_000) }),
      () => '{"__proto__": {"polluted": true}, "prompt": {"constructor": {"prototype": {"x": 1}}}}',
      () => Buffer.from(Array.from({ length: 200 }, () => r.int(256))).toString('latin1'),
    ];
    const badAuth = ['Bearer', `Bearer ${'a'.repeat(9000)}`, 'Basic Zm9vOmJhcg==', 'Bearer x.y.z', 'garbage'];
    const badCookies = [
      'pp_session=s%3Ajunk.sig',
      `pp_session=${'%'.repeat(100)}`,
      `pp_visitor=s%3A${'x'.repeat(3000)}.bad`,
      '=;=;=',
      'pp_session=j%3A%7B%7D',
    ];

    const failures: string[] = [];
    const statusCounts = new Map<number, number>();
    const N = 1000;
    const CONCURRENCY = 16;
    let next = 0;
    const worker = async () => {
      while (next < N) {
        const i = next++;
        const path = r.pick(paths);
        const headers: Record<string, string> = {};
        let body: string | undefined;
        const mode = r.int(10);
        if (mode < 5) body = JSON.stringify(invalidBodyFor(path, r));
        else body = r.pick(hostileBodies)();
        const ct = r.int(4) === 0 ? r.pick(contentTypes) : 'application/json';
        if (ct) headers['content-type'] = ct;
        if (r.int(3) === 0) headers.authorization = r.pick(badAuth);
        headers.cookie = r.int(2) === 0 ? cookie : r.pick(badCookies);
        if (r.int(20) === 0) headers['content-encoding'] = r.pick(['gzip', 'br', 'x-unknown']);
        if (r.int(20) === 0) headers['x-forwarded-for'] = r.pick(['1.2.3.4', 'not an ip', '::1, 10.0.0.1']);
        const method = r.int(15) === 0 ? r.pick(['PUT', 'DELETE', 'PATCH']) : 'POST';
        try {
          const res = await fetch(`${env.url}${path}`, { method, headers, body });
          statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
          const text = await res.text();
          let parsed: any;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const ok =
            res.status >= 400 &&
            res.status < 500 &&
            parsed &&
            typeof parsed.error === 'string' &&
            parsed.error.length > 5;
          if (!ok)
            failures.push(
              `#${i} ${method} ${path} ct=${ct} -> ${res.status} ${text.slice(0, 120)} body=${String(body).slice(0, 80)}`,
            );
          if (/at .+\(.+:\d+:\d+\)|SECRET|node_modules/.test(text))
            failures.push(`#${i} leaked internals: ${text.slice(0, 200)}`);
        } catch (err) {
          failures.push(`#${i} request failed: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 10)).toEqual([]);
    expect([...statusCounts.values()].reduce((a, b) => a + b, 0)).toBe(N);
    // The mix reaches validation, not just the auth check: 400s dominate, and 401/404/413 occur.
    expect(statusCounts.get(400) ?? 0).toBeGreaterThan(400);
    for (const status of [401, 404, 413]) expect(statusCounts.get(status) ?? 0, String(status)).toBeGreaterThan(0);
    expect(env.openai.requests).toHaveLength(0);
    expect(env.anthropic.requests).toHaveLength(0);
    const health = await request(`${env.url}/api/health`);
    expect(health.status).toBe(200);
    const ok = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expect(ok.status).toBe(200);
  }, 30_000);
});

describe('rate limits', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({
      env: {
        RATE_LIMIT_PER_IP: '1000',
        RATE_LIMIT_PER_USER: '3',
        RATE_LIMIT_TRIAL_PER_IP: '2',
        TRIAL_LIMIT_PER_IP: '1000',
      },
    });
  });
  afterAll(() => env.close());

  it('per user on signed-in calls: 429 with a clear message and standard headers', async () => {
    const cookie = await signInLocal(env.url);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof request>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
    expect(last!.headers.get('ratelimit-policy')).toMatch(/q=3/);
    expect(last!.headers.get('ratelimit')).toBeTruthy();
    // another user from the same IP is not affected
    const other = await signInLocal(env.url, 'Grace', 'grace@example.com');
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie: other })).status).toBe(200);
  });

  it('per IP on the trial', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await request(`${env.url}/api/trial/optimize`, { body: { prompt: 'hi' } })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('per-IP limit across all of /api', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ env: { RATE_LIMIT_PER_IP: '5' } });
  });
  afterAll(() => env.close());

  it('the 6th request in the window is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(`${env.url}/api/providers`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('logs', () => {
  let server: Server;
  let url: string;
  const lines: string[] = [];
  let close: () => void;
  beforeAll(async () => {
    const fake = await startFakeOpenAI();
    const config = loadConfig({
      ...CLEAN_ENV,
      DATA_DIR: tempDir(),
      OPENAI_API_KEY: OPENAI_TEST_KEY,
      ANTHROPIC_API_KEY: ANTHROPIC_TEST_KEY,
      OPENAI_BASE_URL: fake.baseURL,
      PROVIDER_MAX_RETRIES: '0',
    });
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const handle = await createApp(config, createLogger('info', sink));
    server = createServer(handle.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => {
      server.close();
      void handle.close();
      void fake.close();
    };
  });
  afterAll(() => close());

  it('at info level: method, path, status; never prompts, cookies, authorization or keys', async () => {
    const cookie = await signInLocal(url);
    const marker = 'PROMPT-TEXT-MARKER-42';
    await request(`${url}/api/generate?secret=QUERY-MARKER`, {
      body: generateBody({ userPrompt: marker }),
      cookie,
      headers: { authorization: 'Bearer AUTH-MARKER' },
    });
    await request(`${url}/api/trial/optimize`, { body: { prompt: marker } });
    await request(`${url}/api/generate`, {
      rawBody: `{"bad json ${marker}`,
      headers: { 'content-type': 'application/json' },
      cookie,
    });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(log).toContain('"path":"/api/generate"');
    expect(log).toContain('"statusCode":200');
    for (const secret of [
      marker,
      'QUERY-MARKER',
      'AUTH-MARKER',
      'pp_session',
      OPENAI_TEST_KEY,
      ANTHROPIC_TEST_KEY,
      'Ada Lovelace',
      'ada@example.com',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('HTTP timeouts: requestTimeout bounds receiving a request, never a long provider call', () => {
  let server: RunningServer;
  let fake: FakeUpstream;
  const dataDir = tempDir();
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startServer(
      {
        DATA_DIR: dataDir,
        OPENAI_API_KEY: OPENAI_TEST_KEY,
        OPENAI_BASE_URL: fake.baseURL,
        PROVIDER_MAX_RETRIES: '0',
        PROVIDER_TIMEOUT_MS: '10000',
      },
      CLEAN_ENV,
      { requestTimeoutMs: 400, connectionsCheckingIntervalMs: 50 },
    );
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a provider call that outlasts requestTimeout several times over still gets its JSON answer', async () => {
    const cookie = await signInLocal(server.url);
    fake.respondWith({ kind: 'slow', delayMs: 1500, text: 'worth the wait' });
    const res = await request(`${server.url}/api/generate`, { body: generateBody(), cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'worth the wait' });
  });

  it('a body that never finishes arriving gets a JSON 408 once requestTimeout passes', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let out = '';
      socket.setEncoding('utf8');
      socket.on('data', (d) => (out += d));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
      socket.write(
        'POST /api/trial/optimize HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"prompt":',
      );
      setTimeout(() => socket.destroy(), 3000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"error":"The request took too long to arrive."}');
  });
});
