/**
 * [prove] the split is the test set's own over REST: kept across reruns and when cases are added,
 * each confirmatory test counted, and the estimate and the result say how many tests the test cases
 * have had and the level the next one must clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptimizationEstimate, OptimizationResult, TestSet } from '@prompt-perfect/core/api/prove';
import { SIMULATED_ROUGH_PROMPT, simulatedCases } from '@prompt-perfect/test-support/prove/simulatedTask';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';

const LIMITS = { maxRounds: 3, maxTokens: 2_000_000, maxCostUsd: 50 };

describe('[prove] a set keeps its split across reruns', () => {
  let env: TestEnv;
  let ada: string;
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie: ada });
  const sidesOf = (set: TestSet) => Object.fromEntries(Object.entries(set.split).map(([id, r]) => [id, r.side]));

  beforeAll(async () => {
    env = await startTestEnv();
    env.openai.simulateAnswers(true);
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
  });
  afterAll(() => env.close());

  it('reruns test on the same cases at 2.5%, then 1.25%; new cases join without moving old ones', async () => {
    const created: TestSet = (await api('/test-sets', { body: simulatedSet(12) })).body;
    expect(created.split).toEqual({});
    const body = { ...MODEL, testSetId: created.id, prompt: SIMULATED_ROUGH_PROMPT, judge: JUDGE, limits: LIMITS };

    const estimate: OptimizationEstimate = (await api('/optimizations/estimate', { body })).body;
    expect(estimate.testBudget).toMatchObject({ earlierTests: 0, level: 0.025, confidence: 0.95, tooStrict: false });
    expect(estimate.testBudget.caseIds).toEqual(estimate.testCaseIds);
    expect(estimate.testBudget.note).toContain('The first test on these 5 test cases');

    const first: OptimizationResult = (await api('/optimizations', { body })).body;
    expect(first.test).toMatchObject({ counted: true, budget: { earlierTests: 0, level: 0.025 } });
    const afterFirst: TestSet = (await api(`/test-sets/${created.id}`)).body;
    expect(Object.keys(afterFirst.split)).toHaveLength(12);
    for (const id of estimate.testCaseIds) expect(afterFirst.split[id]).toEqual({ side: 'test', tests: 1 });
    for (const id of estimate.trainCaseIds) expect(afterFirst.split[id]).toEqual({ side: 'train', tests: 0 });

    // The rerun starts from the winner, on the same test cases, at the next level.
    const second: OptimizationResult = (
      await api('/optimizations', { body: { ...body, prompt: first.bestPrompt, seed: 99 } })
    ).body;
    expect(second.test?.budget).toMatchObject({ earlierTests: 1, level: 0.0125, caseIds: estimate.testCaseIds });
    expect(second.test?.reason).toMatch(/\(97\.5%\)/);
    expect(second.test?.budget.note).toContain('These 5 test cases have had 1 test');

    // Three cases added through an ordinary edit: the old ones keep their sides and counts.
    const grown = { ...simulatedSet(15), name: afterFirst.name };
    const saved: TestSet = (await api(`/test-sets/${created.id}`, { method: 'PUT', body: grown })).body;
    const next: OptimizationEstimate = (await api('/optimizations/estimate', { body })).body;
    const sides = sidesOf(saved);
    for (const id of next.trainCaseIds) if (id in sides) expect(sides[id]).toBe('train');
    for (const id of next.validationCaseIds) if (id in sides) expect(sides[id]).toBe('validation');
    expect(next.testCaseIds).toEqual(expect.arrayContaining(estimate.testCaseIds));
    expect(next.testBudget.earlierTests).toBe(2);
    expect(
      simulatedCases(15).every((c) =>
        [...next.trainCaseIds, ...next.validationCaseIds, ...next.testCaseIds].includes(c.id),
      ),
    ).toBe(true);
  });

  it("another user's set id is not found, and a set's split cannot be written through an edit (refused, nothing changed)", async () => {
    const set: TestSet = (await api('/test-sets', { body: simulatedSet(12, 'Mine') })).body;
    const forged = { ...simulatedSet(12, 'Mine'), split: { c1: { side: 'test', tests: 0 } } };
    const saved = await api(`/test-sets/${set.id}`, { method: 'PUT', body: forged });
    expect(saved.status).toBe(400);
    expect((await api(`/test-sets/${set.id}`)).body.split).toEqual({});
    const grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    const theirs = await request(`${env.url}/api/optimizations/estimate`, {
      body: { ...MODEL, testSetId: set.id, prompt: 'x', judge: JUDGE, limits: LIMITS },
      cookie: grace,
    });
    expect(theirs.status).toBe(404);
  });
});
