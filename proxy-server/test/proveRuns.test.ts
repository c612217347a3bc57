/**
 * /api/evaluations and /api/optimizations against the simulated model (the fake OpenAI reached
 * through the real SDK): streamed events, the JSON form, kept versions in the history, the stops.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvaluationEvent, OptimizationEvent } from '@prompt-perfect/core/api/prove';
import { SIMULATED_ROUGH_PROMPT } from '@prompt-perfect/test-support/prove/simulatedTask';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { JUDGE, MODEL, postStream, simulatedSet } from './proveHelpers';

const FULL_PROMPT = `${SIMULATED_ROUGH_PROMPT}\nAnswer in JSON only, as {"answer": "..."}.\nKeep every answer to at most 40 words.\nSpeak as Trail Guide Tess.`;
const LIMITS = { maxRounds: 8, maxTokens: 2_000_000, maxCostUsd: 50 };

describe('[prove] runs', () => {
  let env: TestEnv;
  let ada: string;
  let setId: number;
  const api = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie: ada });

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    setId = (await api('/test-sets', { body: simulatedSet(12) })).body.id;
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.openai.reset();
    env.openai.simulateAnswers(true);
  });

  it('evaluation streams one event per case as it completes, then the summary with its interval', async () => {
    const { status, events, contentType } = await postStream<EvaluationEvent>(
      `${env.url}/api/evaluations`,
      { ...MODEL, testSetId: setId, prompt: SIMULATED_ROUGH_PROMPT, judge: JUDGE },
      { cookie: ada },
    );
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/event-stream/);
    const cases = events.filter((e) => e.type === 'case');
    expect(cases.map((e) => e.done)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(cases.map((e) => e.result.caseId)).size).toBe(12);
    const done = events.at(-1) as Extract<EvaluationEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
    const { summary, results, tokens } = done.evaluation;
    expect(results.map((r) => r.caseId)).toEqual(simulatedSet(12).cases.map((c) => c.id));
    expect(summary.n).toBe(12);
    expect(summary.mean).toBeLessThan(3.5);
    expect(summary.low).toBeLessThanOrEqual(summary.mean);
    expect(summary.high).toBeGreaterThanOrEqual(summary.mean);
    // The provider's own counts (the fake reports about four characters a token), summed over 24 calls.
    expect(tokens).toBeGreaterThan(24 * 50);
    expect(results.every((r) => r.critique.length > 0)).toBe(true);
    // Every case was answered with the prompt under test and judged by the judge model.
    expect(env.openai.requests.filter((r) => r.body.model === JUDGE.model)).toHaveLength(12);
  });

  it('evaluation answers one JSON body to callers that do not accept an event stream; bad input is a 400', async () => {
    const res = await api('/evaluations', { body: { ...MODEL, testSetId: setId, prompt: FULL_PROMPT, judge: JUDGE } });
    expect(res.status).toBe(200);
    expect(res.body.summary.mean).toBeGreaterThan(4.5);
    expect(
      (await api('/evaluations', { body: { ...MODEL, testSetId: 999999, prompt: 'x', judge: JUDGE } })).status,
    ).toBe(404);
    const badJudge = await api('/evaluations', {
      body: { ...MODEL, testSetId: setId, prompt: 'x', judge: { provider: 'openai', model: 'nope' } },
    });
    expect(badJudge.status).toBe(400);
    expect(badJudge.body.error).toMatch(/^Unknown model 'nope' for OpenAI/);
  });

  it('a judge that does not answer JSON: a 502 before any case, an error event once cases streamed', async () => {
    const body = { ...MODEL, testSetId: setId, prompt: 'Be brief.', judge: JUDGE };
    env.openai.respondWith(...Array.from({ length: 30 }, () => ({ kind: 'text' as const, text: 'A fine answer.' })));
    const res = await api('/evaluations', { body });
    expect(res).toMatchObject({
      status: 502,
      body: {
        error: 'The judge model did not answer with JSON {"score": 1-5, "critique": "..."}. Try another judge model.',
      },
    });

    // The first four calls are the four answers in flight; the fifth is a judge's, so at least one case completes.
    env.openai.reset();
    env.openai.respondWith(
      ...Array.from({ length: 8 }, () => ({ kind: 'text' as const, text: '{"score": 3, "critique": "ok"}' })),
      ...Array.from({ length: 30 }, () => ({ kind: 'text' as const, text: 'not json' })),
    );
    const { events } = await postStream<EvaluationEvent>(`${env.url}/api/evaluations`, body, { cookie: ada });
    expect(events.some((e) => e.type === 'case')).toBe(true);
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: 'The judge model did not answer with JSON {"score": 1-5, "critique": "..."}. Try another judge model.',
    });
  });

  it('Stop during an evaluation: closing the stream aborts the calls in flight; none is made afterwards', async () => {
    // A text both an answer and a judge's verdict can be; the four answers go out first, so the fifth call is a judge's.
    const verdict = '{"score": 2, "critique": "Too long."}';
    env.openai.respondWith(
      ...Array.from({ length: 5 }, () => ({ kind: 'text' as const, text: verdict })),
      ...Array.from({ length: 30 }, () => ({ kind: 'slow' as const, delayMs: 20_000, text: verdict })),
    );
    const { events } = await postStream<EvaluationEvent>(
      `${env.url}/api/evaluations`,
      { ...MODEL, testSetId: setId, prompt: SIMULATED_ROUGH_PROMPT, judge: JUDGE },
      { cookie: ada },
      (e) => e.type === 'case',
    );
    expect(events).toHaveLength(1);
    await vi.waitFor(() => {
      expect(env.openai.abortedByCaller).toBeGreaterThan(0);
      expect(env.server.handle.runs.active).toBe(0);
    });
    const calls = env.openai.requests.length;
    await api('/test-sets');
    expect(env.openai.requests.length).toBe(calls);
    // Four answers, four judges, and the answer of the next case the first worker took on.
    expect(calls).toBeLessThanOrEqual(9);
  });

  it('optimization raises the test-split score, keeps only validated edits, and records each one in the history chain', async () => {
    const estimate = await api('/optimizations/estimate', {
      body: { ...MODEL, testSetId: setId, prompt: SIMULATED_ROUGH_PROMPT, judge: JUDGE, limits: LIMITS },
    });
    // 12 cases: 5 test (ceil 4.8), 4 validation (ceil 3.6), 3 training.
    expect(estimate.body.trainCaseIds).toHaveLength(3);
    expect(estimate.body.validationCaseIds).toHaveLength(4);
    expect(estimate.body.testCaseIds).toHaveLength(5);
    expect(estimate.body.costUsd).toBeGreaterThan(0);

    const { events } = await postStream<OptimizationEvent>(
      `${env.url}/api/optimizations`,
      { ...MODEL, testSetId: setId, prompt: SIMULATED_ROUGH_PROMPT, judge: JUDGE, limits: LIMITS },
      { cookie: ada },
    );
    // The 7 training and validation cases judged one by one while the starting prompt is scored, then the run starts.
    expect(events.slice(0, 8).map((e) => (e.type === 'scoring' ? e.done : e.type))).toEqual(
      Array.from({ length: 8 }, (_, i) => i),
    );
    expect(events[8]).toMatchObject({ type: 'started', estimate: estimate.body });
    const done = events.at(-1) as Extract<OptimizationEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
    const { result } = done;
    expect(result.test?.confirmed).toBe(true);
    expect(result.test!.finalMean).toBeGreaterThan(result.test!.startMean + 1.5);
    expect(result.test!.finalMean).toBeGreaterThanOrEqual(4.5);
    // The 5 test cases were answered only at the end, for both prompts.
    expect(events.filter((e) => e.type === 'testing').at(-1)).toMatchObject({ done: 10, total: 10 });
    const kept = result.rounds.filter((r) => r.kept);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const r of kept) expect(r.diffLow).toBeGreaterThan(0);
    expect(result.bestPrompt).toBe(kept.at(-1)!.candidate);
    expect(result.finalPrompt).toBe(result.bestPrompt);

    const all = (await api('/me/history?limit=100')).body.items;
    const chainId = all.find((e: any) => e.id === kept[0].historyId).chainId;
    const chain = (await api(`/me/history?chain=${chainId}`)).body.items;
    // Each kept version refines the one before it; the first refines the starting prompt.
    expect(chain.slice(0, -1).map((e: any) => e.refines)).toEqual(chain.slice(1).map((e: any) => e.id));
    expect(chain.map((e: any) => e.output).reverse()).toEqual([
      SIMULATED_ROUGH_PROMPT,
      ...kept.map((r) => r.candidate),
    ]);
    expect(chain.every((e: any) => e.kind === 'continue')).toBe(true);
    expect(chain[0].id).toBe(kept.at(-1)!.historyId);
  });

  it('stops after maxRounds', async () => {
    const res = await api('/optimizations', {
      body: {
        ...MODEL,
        testSetId: setId,
        prompt: SIMULATED_ROUGH_PROMPT,
        judge: JUDGE,
        limits: { ...LIMITS, maxRounds: 1 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.stoppedBy).toBe('rounds');
    expect(res.body.rounds).toHaveLength(1);
  });

  it('keeps nothing when no edit helps: a persona the prompt cannot take on only gets neutral rewordings', async () => {
    // The rubric wants another persona than the prompt states; the simulated proposer has no fix for that.
    const rubric = simulatedSet().rubric.replace(
      /Trail Guide Tess \(it opens with 'Tess here:'\)/,
      "Captain Nemo (it opens with 'Nemo here:')",
    );
    const id = (await api('/test-sets', { body: { ...simulatedSet(12, 'Nemo'), rubric } })).body.id;
    const res = await api('/optimizations', {
      body: {
        ...MODEL,
        testSetId: id,
        prompt: FULL_PROMPT,
        judge: JUDGE,
        limits: { ...LIMITS, maxRounds: 6 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.stoppedBy).toBe('rounds');
    expect(res.body.rounds).toHaveLength(6);
    expect(res.body.rounds.some((r: any) => r.kept)).toBe(false);
    expect(res.body.rounds.every((r: any) => r.candidate !== FULL_PROMPT)).toBe(true);
    expect(res.body.bestPrompt).toBe(FULL_PROMPT);
    expect(res.body.test).toMatchObject({ version: 0, confirmed: false });
  });

  it('Stop: closing the optimization stream aborts the call in flight; none is made afterwards', async () => {
    // Scoring the starting prompt on 7 cases takes 14 calls; the 15th, the first proposal, hangs until Stop.
    const verdict = '{"score": 2, "critique": "Too long."}';
    env.openai.respondWith(...Array.from({ length: 14 }, () => ({ kind: 'text' as const, text: verdict })), {
      kind: 'slow',
      delayMs: 20_000,
      text: 'Be brief.',
    });
    const { events } = await postStream<OptimizationEvent>(
      `${env.url}/api/optimizations`,
      {
        ...MODEL,
        testSetId: setId,
        prompt: SIMULATED_ROUGH_PROMPT,
        judge: JUDGE,
        limits: { ...LIMITS, maxRounds: 20 },
      },
      { cookie: ada },
      (e) => e.type === 'started',
    );
    expect(events.map((e) => e.type)).toEqual([...Array.from({ length: 8 }, () => 'scoring'), 'started']);
    await vi.waitFor(() => {
      expect(env.openai.abortedByCaller).toBe(1);
      expect(env.server.handle.runs.active).toBe(0);
    });
    await api('/test-sets');
    expect(env.openai.requests).toHaveLength(15);
  });

  it('an optimization needs at least nine cases and sane limits', async () => {
    const small = (await api('/test-sets', { body: simulatedSet(3, 'Small') })).body.id;
    const res = await api('/optimizations', {
      body: { ...MODEL, testSetId: small, prompt: 'x', judge: JUDGE, limits: LIMITS },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error:
          'An optimization needs at least 9 test cases: some to learn from, some to choose with and some to test on (this set has 3).',
      },
    });
    const bad = await api('/optimizations', {
      body: { ...MODEL, testSetId: setId, prompt: 'x', judge: JUDGE, limits: { ...LIMITS, maxRounds: 0 } },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: "Field 'limits.maxRounds' must be at least 1." } });
    const tiny = await api('/optimizations', {
      body: { ...MODEL, testSetId: setId, prompt: 'x', judge: JUDGE, limits: { ...LIMITS, maxTokens: 50 } },
    });
    expect(tiny.status).toBe(400);
    expect(tiny.body.error).toMatch(/^The token or cost limit is too small/);
  });
});
