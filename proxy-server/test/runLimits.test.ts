/**
 * Issue 29, item 2: per-user caps on model calls. At most USER_MAX_CONCURRENT_RUNS model-calling
 * runs at once (429 with the reason); USER_DAILY_BUDGET_USD estimated from list prices, checked
 * before and during runs and stored (SQLite and PostgreSQL), with what is left in GET /api/me/budget.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  dailyBudgetSpent,
  evaluationCostLimitReached,
  evaluationOverBudget,
  tooManyRuns,
} from '@prompt-perfect/core/messages';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { bothBackends } from './bothBackends';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';

/** 4,000 characters: about 1,000 output tokens, $0.01 at gpt-4o's list price ($10 per million). */
const LONG_ANSWER = 'word '.repeat(800);

describe('USER_MAX_CONCURRENT_RUNS', () => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('refuses the next model-calling run with 429 and why; other users and finished runs free a slot', async () => {
    env = await startTestEnv({ env: { USER_MAX_CONCURRENT_RUNS: '2' } });
    const ada = await signInLocal(env.url);
    const grace = await signInLocal(env.url, 'Grace Hopper', 'grace@example.com');
    env.openai.respondWith({ kind: 'slow', delayMs: 400, text: 'one' }, { kind: 'slow', delayMs: 400, text: 'two' });
    const first = request(`${env.url}/api/generate`, { body: generateBody(), cookie: ada });
    const second = request(`${env.url}/api/generate/stream`, { body: generateBody(), cookie: ada });
    await expect.poll(() => env!.openai.requests.length).toBe(2);

    const third = await request(`${env.url}/api/generate`, { body: generateBody(), cookie: ada });
    expect(third).toMatchObject({ status: 429, body: { error: tooManyRuns(2) } });
    const evaluation = await request(`${env.url}/api/evaluations`, {
      body: { ...MODEL, testSetId: 1, prompt: 'p', judge: JUDGE },
      cookie: ada,
    });
    expect(evaluation).toMatchObject({ status: 429, body: { error: tooManyRuns(2) } });
    expect(env.openai.requests).toHaveLength(2);
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie: grace })).status).toBe(200);

    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie: ada })).status).toBe(200);
  });
});

const { backends } = bothBackends();

describe.each(backends)('USER_DAILY_BUDGET_USD on %s', (_name, location) => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('is checked before each run from the stored spend, survives a restart, and Settings sees what is left', async () => {
    const where = await location();
    env = await startTestEnv({ env: { ...where, USER_DAILY_BUDGET_USD: '0.015' } });
    const ada = await signInLocal(env.url);
    const grace = await signInLocal(env.url, 'Grace Hopper', 'grace@example.com');
    expect((await request(`${env.url}/api/me/budget`, { cookie: ada })).body).toMatchObject({
      budgetUsd: 0.015,
      spentUsd: 0,
      leftUsd: 0.015,
    });

    env.openai.respondWith({ kind: 'text', text: LONG_ANSWER }, { kind: 'stream', pieces: [LONG_ANSWER] });
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie: ada })).status).toBe(200);
    const status = (await request(`${env.url}/api/me/budget`, { cookie: ada })).body;
    expect(status.spentUsd).toBeGreaterThan(0.01);
    expect(status.leftUsd).toBeCloseTo(0.015 - status.spentUsd, 10);
    expect(new Date(status.renewsAt).toISOString().slice(11)).toBe('00:00:00.000Z');
    expect((await request(`${env.url}/api/generate/stream`, { body: generateBody(), cookie: ada })).status).toBe(200);

    const refused = await request(`${env.url}/api/generate`, { body: generateBody(), cookie: ada });
    expect(refused).toMatchObject({ status: 429, body: { error: dailyBudgetSpent(0.015) } });
    expect(env.openai.requests).toHaveLength(2);
    expect((await request(`${env.url}/api/me/budget`, { cookie: ada })).body.leftUsd).toBe(0);
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie: grace })).status).toBe(200);

    await env.restart({ ...where, USER_DAILY_BUDGET_USD: '0.015' });
    expect((await request(`${env.url}/api/generate/stream`, { body: generateBody(), cookie: ada })).status).toBe(429);
    await env.restart({ ...where, USER_DAILY_BUDGET_USD: '0' });
    expect((await request(`${env.url}/api/me/budget`, { cookie: ada })).body).toMatchObject({
      budgetUsd: null,
      leftUsd: null,
    });
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), cookie: ada })).status).toBe(200);
  });

  it('evaluations: the estimate, refused over what is left, stopped at their own cost limit; optimizations stop at the budget', async () => {
    const where = await location();
    env = await startTestEnv({ env: { ...where, USER_DAILY_BUDGET_USD: '0.05' } });
    env.openai.simulateAnswers(true);
    const cookie = await signInLocal(env.url);
    const set = (await request(`${env.url}/api/test-sets`, { body: simulatedSet(12), cookie })).body;
    const body = { ...MODEL, testSetId: set.id, prompt: set.prompt, judge: JUDGE };

    const estimate = (await request(`${env.url}/api/evaluations/estimate`, { body, cookie })).body;
    expect(estimate).toMatchObject({ pricesListed: true });
    expect(estimate.costUsd).toBeGreaterThan(0.05);
    expect(env.openai.requests).toHaveLength(0);
    const over = await request(`${env.url}/api/evaluations`, { body, cookie });
    expect(over).toMatchObject({ status: 429, body: { error: evaluationOverBudget(estimate.costUsd, 0.05) } });

    const small = {
      ...body,
      testSetId: (await request(`${env.url}/api/test-sets`, { body: simulatedSet(2, 'Two'), cookie })).body.id,
    };
    // The first answer already costs more than this limit: the judge call is refused, before any case is streamed.
    const limited = await request(`${env.url}/api/evaluations`, {
      body: { ...small, limits: { maxCostUsd: 0.000001 } },
      cookie,
    });
    expect(limited).toMatchObject({ status: 400, body: { error: evaluationCostLimitReached(0.000001) } });

    // With next to nothing left, an optimization asking for maxCostUsd 1000 is held to what is left:
    // by its own meter once a call returned, or, for calls started at once, by the budget's
    // reservation (the first call's worst case takes the rest), whichever comes first.
    const spent = (await request(`${env.url}/api/me/budget`, { cookie })).body.spentUsd;
    await env.restart({ ...where, USER_DAILY_BUDGET_USD: String(spent + 0.0001) });
    const calls = env.openai.requests.length;
    const optimization = await request(`${env.url}/api/optimizations`, {
      body: { ...body, limits: { maxRounds: 50, maxTokens: 50_000_000, maxCostUsd: 1000 }, seed: 7 },
      cookie,
    });
    expect([
      `400 ${'The token or cost limit is too small to score the prompt even once. Raise it and try again.'}`,
      `429 ${dailyBudgetSpent(spent + 0.0001)}`,
    ]).toContain(`${optimization.status} ${optimization.body.error}`);
    expect(env.openai.requests.length - calls).toBeLessThan(12);
    expect((await request(`${env.url}/api/me/budget`, { cookie })).body.spentUsd).toBeLessThan(spent + 0.0001 + 0.001);
  });
});
