import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestEnv, type TestEnv } from './helpers';

const lint = (env: TestEnv, body: unknown) => request(`${env.url}/api/lint`, { body });

describe('POST /api/lint (anyone, no model call)', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv();
  });
  afterAll(() => env.close());

  it('answers findings for a visitor without a cookie, and calls no provider', async () => {
    const res = await lint(env, { prompt: 'Be concise. Explain every step in great detail.' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.findings.map((f: { rule: string; severity: string }) => [f.rule, f.severity])).toEqual([
      ['vague-quantifier', 'info'],
      ['conflicting-constraints', 'warning'],
    ]);
    expect(res.body.findings[1]).toMatchObject({
      rule: 'conflicting-constraints',
      severity: 'warning',
      start: 31,
      end: 46,
      message: '"in great detail" conflicts with "Be concise": the answer cannot be both short and exhaustive.',
    });
    expect(env.openai.requests).toHaveLength(0);
    expect(env.anthropic.requests).toHaveLength(0);
  });

  it('uses the original and the test values: a lost variable, a missing value, a value never used', async () => {
    const res = await lint(env, {
      prompt: 'Write 3 sentences to {{name}}.',
      original: 'note to {{name}} about {{topic}}',
      variables: { name: '', plan: 'Pro' },
    });
    expect(res.status).toBe(200);
    const found = res.body.findings.map((f: { rule: string; message: string }) => [f.rule, f.message]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['lost-variable', '{{topic}} from your prompt is missing here: its value would never reach the model.'],
        ['unresolved-variable', '{{name}} has no test value yet: give it one before you test the prompt.'],
        ['unresolved-variable', 'A value is given for {{plan}} but the prompt never uses it.'],
      ]),
    );
    expect(found).toHaveLength(3);
  });

  it('a fix is a text edit the caller can apply', async () => {
    const prompt = 'Give me some ideas for a party.';
    const res = await lint(env, { prompt });
    const { fix } = res.body.findings.find((f: { rule: string }) => f.rule === 'vague-quantifier');
    expect(prompt.slice(0, fix.start) + fix.text + prompt.slice(fix.end)).toBe('Give me 5 ideas for a party.');
  });

  it('bad input gets a clear 400', async () => {
    expect((await lint(env, { prompt: 42 })).body).toEqual({ error: "Field 'prompt' must be a string." });
    expect((await lint(env, {})).body).toEqual({ error: "Field 'prompt' is required." });
    expect((await lint(env, { prompt: 'x', temperature: 0 })).body).toEqual({ error: "Unknown field: 'temperature'." });
    // `model` asks for the model check (issue 47): true, or a provider and model, not a bare name.
    expect((await lint(env, { prompt: 'x', model: 'gpt-4o' })).body).toEqual({
      error:
        'Field \'model\' must be true (the test model) or {"provider": "openai" or "anthropic", "model": "<model id>"}.',
    });
    expect((await lint(env, { prompt: 'x', variables: { a: 1 } })).body).toEqual({
      error: "Field 'variables.a' must be a string.",
    });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`v${i}`, 'x']));
    const tooMany = await lint(env, { prompt: 'x', variables: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: "Field 'variables' has more than 100 entries." });
    const malformed = await request(`${env.url}/api/lint`, {
      rawBody: '{"prompt": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/JSON/);
  });

  it('a body over 64 KB is refused with 413', async () => {
    const res = await lint(env, { prompt: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body is too large (the limit is 64 KB).' });
  });
});

describe('POST /api/lint is rate limited per IP like the other anonymous routes', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ env: { RATE_LIMIT_PER_IP: '3' } });
  });
  afterAll(() => env.close());

  it('the 4th call in the window is refused with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await lint(env, { prompt: 'Write a haiku about rain.' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
