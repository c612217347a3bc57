/**
 * The whole [prove] flow over REST with a personal API token, against the simulated model:
 * draft -> edit -> save -> evaluate -> optimize -> Stop; and the per-user rate limit on tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationEvent, OptimizationEvent } from '@prompt-perfect/core/api/prove';
import { SIMULATED_ROUGH_PROMPT } from '@prompt-perfect/test-support/prove/simulatedTask';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { JUDGE, MODEL, postStream } from './proveHelpers';

describe('[prove] over REST with a personal API token', () => {
  let env: TestEnv;
  let bearer: Record<string, string>;

  beforeAll(async () => {
    env = await startTestEnv();
    env.openai.simulateAnswers(true);
    const cookie = await signInLocal(env.url);
    const { token } = (await request(`${env.url}/api/tokens`, { body: { name: 'script' }, cookie })).body;
    bearer = { authorization: `Bearer ${token}` };
  });
  afterAll(() => env.close());

  it('draft -> edit -> save -> evaluate -> optimize -> Stop', async () => {
    const draft = await request(`${env.url}/api/test-sets/draft`, {
      body: { ...MODEL, task: SIMULATED_ROUGH_PROMPT, count: 10 },
      headers: bearer,
    });
    expect(draft.body.cases).toHaveLength(10);
    // The user removes one case, edits another and adds their own.
    const cases = [
      ...draft.body.cases
        .slice(1)
        .map((c: any) => (c.id === 'c2' ? { ...c, input: 'Do you ship tents to Norway?' } : c)),
      { id: 'mine', input: 'Is there a student discount on rain jackets?' },
    ];
    const saved = await request(`${env.url}/api/test-sets`, {
      body: { name: 'Drafted', prompt: SIMULATED_ROUGH_PROMPT, rubric: draft.body.rubric, cases },
      headers: bearer,
    });
    expect(saved.status).toBe(201);
    const testSetId = saved.body.id;

    const evaluation = await postStream<EvaluationEvent>(
      `${env.url}/api/evaluations`,
      { ...MODEL, testSetId, prompt: SIMULATED_ROUGH_PROMPT, judge: JUDGE },
      bearer,
    );
    const before = (evaluation.events.at(-1) as Extract<EvaluationEvent, { type: 'done' }>).evaluation;
    expect(before.results.map((r) => r.caseId)).toEqual(cases.map((c: any) => c.id));

    const body = {
      ...MODEL,
      testSetId,
      prompt: SIMULATED_ROUGH_PROMPT,
      judge: JUDGE,
      limits: { maxRounds: 30, maxTokens: 5_000_000, maxCostUsd: 100 },
    };
    const rounds: Array<Extract<OptimizationEvent, { type: 'round' }>['round']> = [];
    const run = await postStream<OptimizationEvent>(`${env.url}/api/optimizations`, body, bearer, (e) => {
      if (e.type === 'round') rounds.push(e.round);
      // Stop once two edits were kept.
      return rounds.filter((r) => r.kept).length === 2;
    });
    expect(run.events[0]).toEqual({ type: 'scoring', done: 0, total: expect.any(Number) });
    expect(run.events.find((e) => e.type !== 'scoring')?.type).toBe('started');
    expect(run.events.some((e) => e.type === 'done')).toBe(false);
    const best = rounds.filter((r) => r.kept).at(-1)!;

    const after = await request(`${env.url}/api/evaluations`, {
      body: { ...MODEL, testSetId, prompt: best.candidate, judge: JUDGE },
      headers: bearer,
    });
    expect(after.body.summary.mean).toBeGreaterThan(before.summary.mean + 1);
  });

  it('the per-user rate limit applies to token calls', async () => {
    const limited = await startTestEnv({ env: { RATE_LIMIT_PER_USER: '3' } });
    try {
      const cookie = await signInLocal(limited.url);
      const { token } = (await request(`${limited.url}/api/tokens`, { body: { name: 'x' }, cookie })).body;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await request(`${limited.url}/api/test-sets`, { headers: { authorization: `Bearer ${token}` } })).status,
        );
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
