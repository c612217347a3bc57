/**
 * Issue 40, item 4: the visitor lint endpoint cannot be used to amplify work. Visitors send at most
 * 10,000 characters (413), signed-in users and personal tokens more; the answer lists at most 20
 * findings per rule with a count of the rest; each caller has a budget of check time per minute
 * (LINT_CPU_MS_PER_MINUTE). Timings are in bench/abuseLimits.bench.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LINT_FINDINGS_PER_RULE } from '@prompt-perfect/core/api/types';
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

/** One sentence repeated: thousands of findings of a few rules. */
const SENTENCE = 'Be concise but explain every step in great detail, maybe include some examples etc. ';
const repeated = (chars: number) => SENTENCE.repeat(Math.ceil(chars / SENTENCE.length)).slice(0, chars);

let env: TestEnv;
afterEach(() => env.close());
const lint = (body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  request(`${env.url}/api/lint`, { body, ...init });

describe('POST /api/lint limits', () => {
  it('visitors send at most 10,000 characters; signed in, a long prompt is answered with at most 20 findings per rule', async () => {
    env = await startTestEnv();
    const long = repeated(40_000);
    const visitor = await lint({ prompt: long });
    expect(visitor).toMatchObject({
      status: 413,
      body: { error: expect.stringContaining('at most 10,000 characters (prompt and original together)') },
    });
    expect(await lint({ prompt: repeated(6_000), original: repeated(6_000) })).toMatchObject({ status: 413 });
    expect((await lint({ prompt: repeated(9_000) })).status).toBe(200);

    const cookie = await signInLocal(env.url);
    const signedIn = await lint({ prompt: long }, { cookie });
    expect(signedIn.status).toBe(200);
    const perRule = new Map<string, number>();
    for (const f of signedIn.body.findings) perRule.set(f.rule, (perRule.get(f.rule) ?? 0) + 1);
    expect(Math.max(...perRule.values())).toBe(LINT_FINDINGS_PER_RULE);
    const omitted: Record<string, number> = signedIn.body.omitted;
    // Every finding the rules make is either listed or counted: hundreds of them here.
    const omittedCount = Object.values(omitted).reduce((a, b) => a + b, 0);
    expect(omittedCount).toBeGreaterThan(100);
    expect(omittedCount + signedIn.body.findings.length).toBe(lintPrompt(long).length);
    for (const rule of Object.keys(omitted)) expect(perRule.get(rule)).toBe(LINT_FINDINGS_PER_RULE);
    expect(signedIn.text.length).toBeLessThan(100_000);

    const token = (await request(`${env.url}/api/tokens`, { body: { name: 'r', scopes: ['read'] }, cookie })).body
      .token;
    expect((await lint({ prompt: long }, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    // A short prompt is answered whole, without `omitted`.
    expect((await lint({ prompt: 'Write a haiku about rain.' })).body.omitted).toBeUndefined();
  });

  it('each caller has a budget of check time per minute; past it, 429 with Retry-After, other callers unaffected', async () => {
    env = await startTestEnv({ env: { LINT_CPU_MS_PER_MINUTE: '1' } });
    const prompt = repeated(9_000);
    expect((await lint({ prompt })).status).toBe(200);
    const refused = await lint({ prompt });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: expect.stringContaining('The Prompt check has done as much work for you as it does in a minute') },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await lint({ prompt }, { cookie: await signInLocal(env.url) })).status).toBe(200);
  });
});
