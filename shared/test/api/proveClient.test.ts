// @vitest-environment happy-dom
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationEvent, OptimizationEvent, TestSetInput } from '@prompt-perfect/core/api/prove';
import { type FakeProveApi, startFakeProveApi } from '@prompt-perfect/test-support/fakes/fakeProveApi';
import {
  createTestSet,
  deleteTestSet,
  draftTestSet,
  estimateOptimization,
  fetchTestSet,
  listTestSets,
  runEvaluation,
  runOptimization,
  updateTestSet,
} from '../../src/api/proveClient';
import { createApiToken, listApiTokens, revokeApiToken } from '../../src/api/tokensClient';

/** happy-dom's own API: where the page "is", which relative /api URLs resolve against. */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

let api: FakeProveApi;
beforeAll(async () => {
  api = await startFakeProveApi();
  setPageUrl(`${api.origin}/`);
});
afterAll(() => api.close());

const model = { provider: 'openai' as const, model: 'gpt-4o-mini' };
const input: TestSetInput = {
  name: 'Summaries',
  prompt: 'Summarize the text.',
  rubric: 'Short and correct.',
  cases: [
    { id: 'c1', input: 'A long text' },
    { id: 'c2', input: 'Another text', expected: 'Mentions the date' },
    { id: 'c3', input: 'A third text' },
  ],
};

describe('test sets', () => {
  it('draft, create, list, read, update and delete', async () => {
    const draft = await draftTestSet({ ...model, task: 'Summarize news', count: 8 });
    expect(draft.cases).toHaveLength(8);
    expect(draft.rubric).not.toBe('');

    const created = await createTestSet(input);
    expect(created).toMatchObject({ ...input, id: expect.any(Number) });
    expect(await listTestSets()).toContainEqual(
      expect.objectContaining({ id: created.id, name: 'Summaries', caseCount: 3 }),
    );
    expect(await fetchTestSet(created.id)).toEqual(created);
    const updated = await updateTestSet(created.id, { ...input, name: 'Renamed' });
    expect(updated.name).toBe('Renamed');
    await deleteTestSet(created.id);
    await expect(fetchTestSet(created.id)).rejects.toMatchObject({ message: 'Test set not found.', status: 404 });
  });

  it("a refused save carries the server's message and status", async () => {
    api.failNext('POST', '/api/test-sets', 400, 'Case 3 is longer than 4000 characters.');
    await expect(createTestSet(input)).rejects.toMatchObject({
      message: 'Case 3 is longer than 4000 characters.',
      status: 400,
    });
  });
});

describe('evaluations', () => {
  it('stream each judged case as it arrives, then the summary', async () => {
    const set = await createTestSet(input);
    const seen: EvaluationEvent[] = [];
    const result = await runEvaluation(
      { ...model, testSetId: set.id, prompt: 'Summarize.', judge: model },
      { onEvent: (e) => seen.push(e) },
    );
    expect(seen.map((e) => e.type)).toEqual(['case', 'case', 'case', 'done']);
    expect(seen[0]).toMatchObject({ done: 1, total: 3, result: { caseId: 'c1' } });
    expect(result.results.map((r) => r.caseId)).toEqual(['c1', 'c2', 'c3']);
    expect(result.summary.n).toBe(3);
  });

  it('an error before the stream is an ApiError with the status', async () => {
    await expect(runEvaluation({ ...model, testSetId: 999_999, prompt: 'p', judge: model })).rejects.toMatchObject({
      message: 'Test set not found.',
      status: 404,
    });
  });

  it('an error event mid-stream rejects with its message', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `event: case\ndata: ${JSON.stringify({ done: 1, total: 2, result: { caseId: 'c1', answer: 'a', score: 3, critique: 'ok' } })}\n\n`,
      );
      res.end('event: error\ndata: {"error":"The judge model is overloaded."}\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    setPageUrl(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    try {
      const seen: string[] = [];
      await expect(
        runEvaluation({ ...model, testSetId: 1, prompt: 'p', judge: model }, { onEvent: (e) => seen.push(e.type) }),
      ).rejects.toThrow('The judge model is overloaded.');
      expect(seen).toEqual(['case']);
    } finally {
      setPageUrl(`${api.origin}/`);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a server that cannot be reached says so', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    setPageUrl(`http://127.0.0.1:${port}/`);
    try {
      await expect(runEvaluation({ ...model, testSetId: 1, prompt: 'p', judge: model })).rejects.toMatchObject({
        status: 0,
        message: expect.stringContaining('Could not reach'),
      });
    } finally {
      setPageUrl(`${api.origin}/`);
    }
  });
});

describe('optimizations', () => {
  const limits = { maxRounds: 2, maxTokens: 100_000, maxCostUsd: 1 };
  const tenCases = {
    ...input,
    cases: Array.from({ length: 10 }, (_, i) => ({ id: `c${i + 1}`, input: `Text ${i + 1}` })),
  };

  it('estimate first, then stream the scoring, started, the rounds, the final test and the result', async () => {
    const set = await createTestSet(tenCases);
    const request = { ...model, testSetId: set.id, prompt: 'Summarize.', judge: model, limits };
    const estimate = await estimateOptimization(request);
    // 10 cases: 3 training, 3 validation, 4 test.
    expect([estimate.trainCaseIds.length, estimate.validationCaseIds.length, estimate.testCaseIds.length]).toEqual([
      3, 3, 4,
    ]);
    const seen: OptimizationEvent[] = [];
    const result = await runOptimization(request, { onEvent: (e) => seen.push(e) });
    const types = seen.map((e) => e.type);
    expect(types.slice(0, 8)).toEqual([...Array.from({ length: 7 }, () => 'scoring'), 'started']);
    expect(types.slice(8, 10)).toEqual(['round', 'round']);
    // One version passed: it and your prompt answer the 4 test cases, 8 judged in all.
    expect(types.slice(10)).toEqual([...Array.from({ length: 9 }, () => 'testing'), 'done']);
    expect(result.rounds.map((r) => r.kept)).toEqual([true, false]);
    expect(result.test).toMatchObject({ version: 1, confirmed: true });
    expect(result.bestPrompt).toBe(result.rounds[0].candidate);
  });

  it('Stop aborts with an AbortError and the server sees the stream close', async () => {
    const set = await createTestSet(tenCases);
    api.setGapMs(40);
    const before = api.closedEarly();
    const controller = new AbortController();
    try {
      const run = runOptimization(
        { ...model, testSetId: set.id, prompt: 'Summarize.', judge: model, limits: { ...limits, maxRounds: 30 } },
        { signal: controller.signal, onEvent: (e) => e.type === 'round' && controller.abort() },
      );
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      await expect.poll(() => api.closedEarly()).toBe(before + 1);
    } finally {
      api.setGapMs(5);
    }
  });
});

describe('API tokens', () => {
  it('create shows the token once, list omits it, revoke removes it', async () => {
    const created = await createApiToken('CI', ['read']);
    expect(created.token).toMatch(/^pp_/);
    expect(created.info.scopes).toEqual(['read']);
    const listed = await listApiTokens();
    expect(listed).toContainEqual(created.info);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    await revokeApiToken(created.info.id);
    expect(await listApiTokens()).not.toContainEqual(created.info);
  });

  it("a refused name carries the server's message", async () => {
    await expect(createApiToken(' ', ['read', 'run'])).rejects.toMatchObject({
      message: 'Give the token a name.',
      status: 400,
    });
  });
});
