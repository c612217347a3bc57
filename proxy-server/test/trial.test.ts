import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@prompt-perfect/core/messages';
import { cookiesOf, request, startTestEnv, type TestEnv, type TestEnvOptions } from './helpers';

const TRIAL_EXHAUSTED = 'You have used all 10 free trials. Sign in to keep perfecting your prompts.';

async function optimize(env: TestEnv, prompt: unknown, cookie?: string) {
  return request(`${env.url}/api/trial/optimize`, { body: { prompt }, cookie });
}

/** A visitor: the cookie the server issues on first contact. */
async function newVisitor(env: TestEnv): Promise<string> {
  return cookiesOf(await request(`${env.url}/api/trial/status`));
}

/**
 * Every test gets its own server, fakes and DATA_DIR (so its own counts), and the per-IP ceiling is
 * raised wherever it is not what the test is about: no test depends on another having run.
 */
function freshEnvPerTest(options: TestEnvOptions = {}) {
  const holder = {} as { env: TestEnv };
  beforeEach(async () => {
    holder.env = await startTestEnv({ ...options, env: { TRIAL_LIMIT_PER_IP: '1000', ...options.env } });
  });
  afterEach(() => holder.env.close());
  return holder;
}

describe('free trial with a provider key', () => {
  const t = freshEnvPerTest();

  it('status for a new visitor: 10 of 10, online; issues a signed httpOnly cookie', async () => {
    const { env } = t;
    const res = await request(`${env.url}/api/trial/status`);
    expect(res.body).toEqual({ remaining: 10, limit: 10, offline: false });
    const set = res.headers.getSetCookie()[0];
    expect(set).toMatch(/^pp_visitor=s%3A/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
  });

  it('sends gpt-4o-mini, one user message, max_tokens 500, temperature 0.7 and strips the preamble', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    env.openai.respondWith({ kind: 'text', text: "Here's an optimized prompt:\n\n  Write a sonnet about rain.  " });
    const res = await optimize(env, '  write a poem  ', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ text: 'Write a sonnet about rain.', remaining: 9, offline: false });
    const sent = env.openai.requests[0].body;
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.max_tokens).toBe(500);
    expect(sent.temperature).toBe(0.7);
    expect(sent.messages).toHaveLength(1);
    expect(sent.messages[0].role).toBe('user');
    expect(sent.messages[0].content).toContain('"""\nwrite a poem\n"""');
  });

  it("empty or whitespace prompt -> 400 'Please enter a prompt to optimize' and no run used", async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    for (const prompt of ['', '   \n\t']) {
      const res = await optimize(env, prompt, cookie);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: MSG.visitorEnterPrompt, remaining: 10 });
    }
    const wrongType = await optimize(env, 42, cookie);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ error: "Field 'prompt' must be a string.", remaining: 10 });
    expect(env.openai.requests).toHaveLength(0);
  });

  it('maps upstream failures with the trial wording; a failed run does not count', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    const before = 10;
    const cases: Array<[number, string, string]> = [
      [401, 'Incorrect API key provided: sk-abc', MSG.trialApiConfig],
      [429, 'You exceeded your current quota, please check your plan and billing details.', MSG.trialUnavailable],
      [429, 'Rate limit reached for gpt-4o-mini', MSG.trialRateLimited],
      [500, 'The server had an error', MSG.trialGeneric],
    ];
    for (const [status, message, expected] of cases) {
      env.openai.respondWith({ kind: 'status', status, message });
      const res = await optimize(env, 'a prompt', cookie);
      expect(res.body).toEqual({ error: expected, remaining: before });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    env.openai.respondWith({ kind: 'drop' }, { kind: 'no-choices' }, { kind: 'malformed' });
    for (let i = 0; i < 3; i++)
      expect((await optimize(env, 'a prompt', cookie)).body).toEqual({ error: MSG.trialGeneric, remaining: before });
    expect((await request(`${env.url}/api/trial/status`, { cookie })).body.remaining).toBe(before);
  });
});

describe('the trial limit is enforced on the server', () => {
  const t = freshEnvPerTest({ env: { TRIAL_LIMIT_PER_IP: '10' } });

  it('10 successful runs, then the 11th is refused; a new cookie from the same IP is refused too; counts survive a restart', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    for (let i = 1; i <= 10; i++) {
      const res = await optimize(env, `prompt ${i}`, cookie);
      expect(res.status, `run ${i}`).toBe(200);
      expect(res.body.remaining).toBe(10 - i);
    }
    const eleventh = await optimize(env, 'prompt 11', cookie);
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toEqual({ error: TRIAL_EXHAUSTED, remaining: 0 });
    expect(env.openai.requests).toHaveLength(10);

    const fresh = await optimize(env, 'new cookie', await newVisitor(env));
    expect(fresh.status).toBe(403);
    expect(fresh.body.remaining).toBe(0);
    const noCookie = await optimize(env, 'no cookie at all');
    expect(noCookie.status).toBe(403);

    await env.restart();
    expect((await request(`${env.url}/api/trial/status`, { cookie })).body).toEqual({
      remaining: 0,
      limit: 10,
      offline: false,
    });
    expect((await optimize(env, 'after restart', cookie)).status).toBe(403);
    expect(env.openai.requests).toHaveLength(10);
  });
});

describe('the per-IP ceiling counts an IPv6 visitor by network, an IPv4 visitor by address', () => {
  // Behind one trusted proxy on loopback, req.ip is the X-Forwarded-For address the test chooses.
  const t = freshEnvPerTest({ env: { TRIAL_LIMIT_PER_IP: '2', TRUST_PROXY: 'loopback' } });
  const from = (env: TestEnv, ip: string, cookie?: string) =>
    request(`${env.url}/api/trial/optimize`, {
      body: { prompt: 'a prompt' },
      cookie,
      headers: { 'x-forwarded-for': ip },
    });

  it('rotating addresses inside the same /64 or /56 does not reset the ceiling; another /56 is another visitor', async () => {
    const { env } = t;
    expect((await from(env, '2001:db8:1:1::1')).status).toBe(200);
    expect((await from(env, '2001:db8:1:1::2')).status).toBe(200);
    // Fresh cookies, new addresses, same /64 and same /56: still the same network.
    const sameSlash64 = await from(env, '2001:db8:1:1:ffff:ffff:ffff:fffe');
    expect(sameSlash64.status).toBe(403);
    expect(sameSlash64.body).toEqual({ error: TRIAL_EXHAUSTED, remaining: 0 });
    expect((await from(env, '2001:db8:1:ff::9')).status).toBe(403);
    const status = await request(`${env.url}/api/trial/status`, { headers: { 'x-forwarded-for': '2001:db8:1:42::7' } });
    expect(status.body.remaining).toBe(0);
    // Another /56 has its own ceiling.
    expect((await from(env, '2001:db8:2::1')).status).toBe(200);
    expect(env.openai.requests).toHaveLength(3);
  });

  it('IPv4 is unchanged: each address has its own ceiling (neighbours are not grouped)', async () => {
    const { env } = t;
    expect((await from(env, '203.0.113.5')).status).toBe(200);
    expect((await from(env, '203.0.113.5')).status).toBe(200);
    expect((await from(env, '203.0.113.5')).status).toBe(403);
    expect((await from(env, '203.0.113.6')).status).toBe(200);
    // An IPv4-mapped IPv6 address is the same IPv4 visitor.
    expect((await from(env, '::ffff:203.0.113.5')).status).toBe(403);
  });
});

describe('per-visitor limit with a generous per-IP ceiling', () => {
  const t = freshEnvPerTest();

  it('concurrent runs cannot overshoot: 16 at once with a slow provider -> exactly 10 succeed', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    env.openai.respondWith(...Array.from({ length: 16 }, () => ({ kind: 'slow' as const, delayMs: 100 })));
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => optimize(env, `p${i}`, cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 403)).toHaveLength(6);
    expect(Math.min(...results.map((r) => r.body.remaining))).toBe(0);
  });

  it('a run that fails while others are in flight releases its slot', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    env.openai.respondWith({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    await Promise.all([optimize(env, 'a', cookie), optimize(env, 'b', cookie)]);
    expect(env.openai.requests).toHaveLength(2);
    expect((await request(`${env.url}/api/trial/status`, { cookie })).body.remaining).toBe(10);
  });

  it('a tampered visitor cookie is replaced by a new visitor', async () => {
    const { env } = t;
    const res = await request(`${env.url}/api/trial/status`, { cookie: 'pp_visitor=s%3Aabc.forgedsignature' });
    expect(res.body.remaining).toBe(10);
    expect(res.headers.getSetCookie()[0]).toMatch(/^pp_visitor=/);
  });
});

describe('free trial without OPENAI_API_KEY', () => {
  const t = freshEnvPerTest({ openaiKey: false });

  it('uses the offline optimizer, says offline: true, and uses no trial run (it costs nothing)', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    expect((await request(`${env.url}/api/trial/status`, { cookie })).body).toEqual({
      remaining: 10,
      limit: 10,
      offline: true,
    });
    const res = await optimize(env, 'write a blog post about cats', cookie);
    expect(res.status).toBe(200);
    expect(res.body.offline).toBe(true);
    expect(res.body.remaining).toBe(10);
    expect(res.body.text.toLowerCase()).toContain('cats');
    expect(env.openai.requests).toHaveLength(0);
  });
});

describe('a visitor who aborts a run that reached the provider', () => {
  const t = freshEnvPerTest();

  it('still uses a trial (the provider bills it); a run aborted before any provider failure is not free', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    env.openai.respondWith({ kind: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    const pending = fetch(`${env.url}/api/trial/optimize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ prompt: 'write a poem' }),
      signal: controller.signal,
    }).catch((err: Error) => err.name);
    await expect.poll(() => env.openai.requests.length).toBe(1);
    controller.abort();
    expect(await pending).toBe('AbortError');
    // The server hangs up on the provider too…
    await expect.poll(() => env.openai.abortedByCaller).toBe(1);
    // …and counts the run.
    await expect.poll(async () => (await request(`${env.url}/api/trial/status`, { cookie })).body.remaining).toBe(9);
  });

  it('a provider failure still does not count', async () => {
    const { env } = t;
    const cookie = await newVisitor(env);
    env.openai.respondWith({ kind: 'status', status: 503 });
    expect((await optimize(env, 'write a poem', cookie)).status).toBe(502);
    expect((await request(`${env.url}/api/trial/status`, { cookie })).body.remaining).toBe(10);
  });
});
