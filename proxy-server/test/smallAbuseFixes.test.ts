/**
 * Issue 40, item 6: an answer with no text is the mapped error everywhere (nothing recorded, no
 * free run used, no XP); a NUL character is refused with 400 at validation on both backends; budget
 * figures under a cent show their real value; a Redis outage of the run slots is logged once, with
 * its cause. (lint_prompt's scope: core/test/mcp/toolScopes.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerEmpty, dailyBudgetSpent, dollars } from '@prompt-perfect/core/messages';
import { startRedis } from '@prompt-perfect/test-support/services/redis';
import { captureLogs, generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { bothBackends } from './bothBackends';

const PERFECT = {
  run: { kind: 'perfect', input: 'a haiku', options: { technique: 'zero-shot', language: 'English', tone: 'Normal' } },
};

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const { backends } = bothBackends();

describe.each(backends)('on %s', (_name, location) => {
  it('an answer with no text is an error: nothing recorded, no XP, no free run used', async () => {
    env = await startTestEnv({ env: await location() });
    const cookie = await signInLocal(env.url);
    env.openai.respondWith(
      { kind: 'stream', pieces: [] },
      { kind: 'text', text: '' },
      { kind: 'stream', pieces: ['  ', '\n'] },
      { kind: 'text', text: '' },
    );
    const streamed = await request(`${env.url}/api/generate/stream`, { body: generateBody(PERFECT), cookie });
    expect(streamed).toMatchObject({ status: 502, body: { error: answerEmpty('OpenAI') } });
    const whole = await request(`${env.url}/api/generate`, { body: generateBody(PERFECT), cookie });
    expect(whole).toMatchObject({ status: 502, body: { error: answerEmpty('OpenAI') } });
    const blank = await request(`${env.url}/api/generate/stream`, { body: generateBody(PERFECT), cookie });
    expect(blank.text).toContain(answerEmpty('OpenAI'));
    expect(blank.text).not.toContain('event: done');
    expect((await request(`${env.url}/api/me/history`, { cookie })).body.items).toEqual([]);
    expect((await request(`${env.url}/api/me/progress`, { cookie })).body.stats).toMatchObject({ xp: 0 });

    const visitor = await request(`${env.url}/api/trial/optimize`, { body: { prompt: 'a prompt' } });
    expect(visitor.status).toBeGreaterThanOrEqual(500);
    expect(visitor.body.remaining).toBe(10);
  });

  it('a NUL character is refused with 400 before any work, in bodies and addresses', async () => {
    env = await startTestEnv({ env: await location() });
    const cookie = await signInLocal(env.url);
    const nul = { status: 400, body: { error: expect.stringContaining('NUL character') } };
    expect(
      await request(`${env.url}/api/prompts/greeting/versions`, { body: { text: 'a\u0000b' }, cookie }),
    ).toMatchObject(nul);
    expect(
      await request(`${env.url}/api/generate`, { body: generateBody({ ...PERFECT, userPrompt: 'x\u0000' }), cookie }),
    ).toMatchObject(nul);
    expect(
      await request(`${env.url}/api/me/favorites`, {
        body: {
          originalPrompt: '\u0000',
          optimizedPrompt: 'y',
          technique: 'zero-shot',
          language: 'English',
          tone: 'Normal',
        },
        cookie,
      }),
    ).toMatchObject(nul);
    expect(await request(`${env.url}/api/prompts/a%00b`, { cookie })).toMatchObject(nul);
    expect(env.openai.requests).toHaveLength(0);
    // The text "\u0000" (an escaped backslash) is fine.
    const literal = await request(`${env.url}/api/prompts/greeting/versions`, {
      body: { text: 'a \\u0000 b' },
      cookie,
    });
    expect(literal.status).toBe(201);
  });
});

describe('small figures and outages', () => {
  it('budget figures under a cent show their real value', () => {
    expect(dollars(0.001)).toBe('$0.001');
    expect(dollars(0.00015)).toBe('$0.00015');
    expect(dollars(0.0049)).toBe('$0.0049');
    expect(dollars(0.123)).toBe('$0.12');
    expect(dollars(0)).toBe('$0.00');
    expect(dailyBudgetSpent(0.001)).toContain('budget of $0.001 on');
  });

  it('run slots counted per instance while Redis is down: logged once, with the cause', async () => {
    const redis = await startRedis();
    const { logger, lines } = captureLogs('info');
    try {
      env = await startTestEnv({ logger, env: { REDIS_URL: redis.url, USER_MAX_CONCURRENT_RUNS: '2' } });
      const cookie = await signInLocal(env.url);
      await redis.stop();
      for (let i = 0; i < 3; i++)
        expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie })).status).toBe(200);
      const outage = lines.filter((l) => /Redis cannot count run slots/.test(l.msg));
      expect(outage).toHaveLength(1);
      expect(outage[0].err).toMatchObject({ type: expect.any(String), message: expect.any(String) });
    } finally {
      await redis.stop().catch(() => undefined);
    }
  });
});
