/**
 * The loop with scripted model calls (the injected boundary): a scorer that rewards instructions
 * the prompt contains, a proposer that follows a script. Stops, the accept rule in the loop, and
 * that a neutral edit is never kept.
 */
import { describe, expect, it } from 'vitest';
import type { OptimizationEvent, TestCase } from '../../src/api/prove';
import { priceOf } from '../../src/catalog/modelPrices';
import {
  runOptimization,
  stopBeforeRound,
  type OptimizerDeps,
  type OptimizationInput,
} from '../../src/prove/optimizer';
import { createNullModel } from '@prompt-perfect/test-support/prove/nullModel';

const CASES: TestCase[] = Array.from({ length: 10 }, (_, i) => ({ id: `c${i + 1}`, input: `question ${i + 1}` }));
const TOKENS = { input: 10, output: 10 };

/** Score = 1 + one point per known instruction in the prompt. */
function scriptedDeps(proposals: string[], kept: string[] = []): OptimizerDeps & { calls: number } {
  let next = 0;
  const deps = {
    calls: 0,
    async answer(prompt: string) {
      deps.calls += 1;
      return { text: prompt, tokens: TOKENS };
    },
    async judge(_rubric: string, _input: string, answer: string) {
      deps.calls += 1;
      const score = 1 + ['JSON', 'brief', 'persona', 'example'].filter((w) => answer.includes(w)).length;
      return { score, critique: score < 5 ? 'Missing something.' : 'Good.', tokens: TOKENS };
    },
    async propose(prompt: string) {
      deps.calls += 1;
      const edit = proposals[next++] ?? 'again';
      return { text: `${prompt} ${edit}`, tokens: TOKENS };
    },
    async keep(prompt: string) {
      kept.push(prompt);
      return kept.length;
    },
  };
  return deps;
}

const input = (over: Partial<OptimizationInput> = {}): OptimizationInput => ({
  prompt: 'Answer.',
  rubric: 'r',
  cases: CASES,
  limits: { maxRounds: 10, maxTokens: 1_000_000, maxCostUsd: 100 },
  split: {},
  answerPrice: priceOf('gpt-4o-mini'),
  judgePrice: priceOf('gpt-4o-mini'),
  concurrency: 4,
  ...over,
});

describe('runOptimization', () => {
  it('keeps real gains, refuses neutral edits, stops at a perfect validation score, then confirms on the test cases', async () => {
    const kept: string[] = [];
    const events: OptimizationEvent[] = [];
    const deps = scriptedDeps(
      ['Use JSON.', 'Be polite.', 'Be brief.', 'Use a persona.', 'Reword.', 'Give an example.'],
      kept,
    );
    const result = await runOptimization(deps, input(), (e) => events.push(e), new AbortController().signal);
    expect(result.validationStart).toBe(1);
    expect(result.validationEnd).toBe(5);
    expect(result.stoppedBy).toBe('perfect');
    expect(result.rounds.map((r) => r.kept)).toEqual([true, false, true, true, false, true]);
    expect(result.rounds.filter((r) => !r.kept).every((r) => r.candidateScore === r.currentScore)).toBe(true);
    expect(result.rounds.map((r) => r.historyId)).toEqual([1, undefined, 2, 3, undefined, 4]);
    // Each proposal is reported with the version it edits, so a rejected one can be diffed too.
    expect(result.rounds[1]).toMatchObject({
      previous: 'Answer. Use JSON.',
      candidate: 'Answer. Use JSON. Be polite.',
    });
    expect(result.finalPrompt).toBe('Answer. Use JSON. Be brief. Use a persona. Give an example.');
    expect(result.test).toMatchObject({
      version: 4,
      startMean: 1,
      finalMean: 5,
      confirmed: true,
      difference: { n: 4 },
    });
    expect(result.bestPrompt).toBe(result.finalPrompt);
    expect(kept).toHaveLength(4);
    // 10 cases: 3 training + 3 validation are scored first, case by case; the 4 test cases only at the end.
    const scoring = events.filter((e) => e.type === 'scoring');
    expect(scoring.map((e) => e.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(events[scoring.length]).toMatchObject({ type: 'started', startScore: 1 });
    expect(events.filter((e) => e.type === 'round')).toHaveLength(6);
    expect(events.filter((e) => e.type === 'testing').map((e) => e.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(events.at(-1)).toEqual({ type: 'done', result });
    expect(result.tokens).toBe(deps.calls * 20);
  });

  it('the test cases are answered only after the last round, and the proposer sees training cases only', async () => {
    const answered: string[][] = [[]];
    const shown: string[] = [];
    const deps = scriptedDeps(['Use JSON.', 'Be brief.', 'Reword.']);
    const answer = deps.answer;
    deps.answer = async (prompt, text, signal) => {
      answered.at(-1)?.push(text);
      return answer(prompt, text, signal);
    };
    const propose = deps.propose;
    deps.propose = async (prompt, failures, signal) => {
      shown.push(...failures.map((f) => f.input));
      return propose(prompt, failures, signal);
    };
    let estimate: { trainCaseIds: string[]; testCaseIds: string[] } | undefined;
    const onEvent = (e: OptimizationEvent) => {
      if (e.type === 'started') estimate = e.estimate;
      if (e.type === 'testing' && e.done === 0) answered.push([]);
    };
    await runOptimization(
      deps,
      input({ limits: { maxRounds: 3, maxTokens: 1e6, maxCostUsd: 100 } }),
      onEvent,
      new AbortController().signal,
    );
    const inputOf = (id: string) => CASES.find((c) => c.id === id)?.input;
    const testInputs = (estimate?.testCaseIds ?? []).map(inputOf);
    expect(testInputs).toHaveLength(4);
    expect(answered[0].some((text) => testInputs.includes(text))).toBe(false);
    expect(new Set(answered[1])).toEqual(new Set(testInputs));
    const trainInputs = new Set((estimate?.trainCaseIds ?? []).map(inputOf));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((text) => trainInputs.has(text))).toBe(true);
  });

  it('nothing passes when no edit helps; it stops after maxRounds and tests the starting prompt alone', async () => {
    const result = await runOptimization(
      scriptedDeps(['a.', 'b.', 'c.']),
      input({ limits: { maxRounds: 3, maxTokens: 1e6, maxCostUsd: 100 } }),
      () => {},
      new AbortController().signal,
    );
    expect(result.stoppedBy).toBe('rounds');
    expect(result.rounds).toHaveLength(3);
    expect(result.rounds.some((r) => r.kept)).toBe(false);
    expect(result.bestPrompt).toBe('Answer.');
    expect(result.test).toMatchObject({ version: 0, confirmed: false, difference: { mean: 0, n: 4 } });
  });

  it('against a judge that scores at random no claim is made on this run, and the test figure is reported as is', async () => {
    const result = await runOptimization(createNullModel(7), input(), () => {}, new AbortController().signal);
    expect(result.rounds).toHaveLength(10);
    expect(result.test?.confirmed).toBe(false);
    expect(result.bestPrompt).toBe('Answer.');
  });

  it("a rerun on the result's split keeps every side and must clear the next level; fresh cases restore one", async () => {
    const first = await runOptimization(
      scriptedDeps(['Use JSON.']),
      input({ limits: { maxRounds: 1, maxTokens: 1e6, maxCostUsd: 100 } }),
      () => {},
      new AbortController().signal,
    );
    const testIds = first.test?.budget.caseIds ?? [];
    expect(first.test).toMatchObject({ counted: true, budget: { earlierTests: 0, level: 0.025, confidence: 0.95 } });
    expect(testIds.every((id) => first.split[id].side === 'test' && first.split[id].tests === 1)).toBe(true);

    let seen: OptimizationEvent | undefined;
    const second = await runOptimization(
      scriptedDeps(['Be brief.']),
      input({
        prompt: first.bestPrompt,
        split: first.split,
        limits: { maxRounds: 1, maxTokens: 1e6, maxCostUsd: 100 },
      }),
      (e) => {
        if (e.type === 'started') seen = e;
      },
      new AbortController().signal,
    );
    expect(second.test?.budget).toMatchObject({ earlierTests: 1, level: 0.0125, caseIds: testIds });
    expect(seen).toMatchObject({ estimate: { testCaseIds: testIds, testBudget: { level: 0.0125 } } });
    expect(second.test?.reason).toContain('(97.5%)');
    for (const [id, r] of Object.entries(first.split)) expect(second.split[id].side).toBe(r.side);

    // Ten new cases: the ones that join the test side have had no test, so the next test uses them alone.
    const more = [...CASES, ...Array.from({ length: 10 }, (_, i) => ({ id: `n${i + 1}`, input: `new ${i + 1}` }))];
    const third = await runOptimization(
      scriptedDeps(['Use a persona.']),
      input({
        prompt: second.bestPrompt,
        cases: more,
        split: second.split,
        limits: { maxRounds: 1, maxTokens: 1e6, maxCostUsd: 100 },
      }),
      () => {},
      new AbortController().signal,
    );
    expect(third.test?.budget.earlierTests).toBe(0);
    expect(third.test?.budget.caseIds.every((id) => id.startsWith('n'))).toBe(true);
    for (const [id, r] of Object.entries(first.split)) expect(third.split[id].side).toBe(r.side);
  });

  it('keeps back tokens for the final test and stops the rounds before spending them', async () => {
    // Scoring 6 cases costs 6 * 2 calls * 20 = 240 tokens; the test needs 2 prompts * 4 cases at that
    // rate, 320, kept back. Round 1 (a proposal and 6 cases, 260) fits in 1000; round 2 would not.
    const result = await runOptimization(
      scriptedDeps(['Use JSON.', 'Be brief.']),
      input({ limits: { maxRounds: 10, maxTokens: 1000, maxCostUsd: 100 } }),
      () => {},
      new AbortController().signal,
    );
    expect(result.stoppedBy).toBe('tokens');
    expect(result.rounds).toHaveLength(1);
    expect(result.test?.confirmed).toBe(true);
    expect(result.tokens).toBe(240 + 260 + 320);
  });

  it('stops on the cost limit when another round like the last would pass it, and still tests', async () => {
    // Scoring once: 12 calls of 10 + 10 tokens at gpt-4o-mini prices = $0.00009, $0.00012 kept back for the test.
    const result = await runOptimization(
      scriptedDeps(['Use JSON.']),
      input({ limits: { maxRounds: 10, maxTokens: 1e6, maxCostUsd: 0.0002 } }),
      () => {},
      new AbortController().signal,
    );
    expect(result.stoppedBy).toBe('cost');
    expect(result.rounds).toHaveLength(0);
    expect(result.test?.version).toBe(0);
  });

  it('a limit too small to score the prompt once is a clear error', async () => {
    await expect(
      runOptimization(
        scriptedDeps([]),
        input({ limits: { maxRounds: 3, maxTokens: 100, maxCostUsd: 100 } }),
        () => {},
        new AbortController().signal,
      ),
    ).rejects.toThrow('The token or cost limit is too small to score the prompt even once.');
  });

  it('Stop during a round ends the loop with no test and no claim: the starting prompt stays', async () => {
    const controller = new AbortController();
    const deps = scriptedDeps(['Use JSON.', 'Be brief.']);
    const propose = deps.propose;
    let proposals = 0;
    deps.propose = async (prompt, failures, signal) => {
      proposals += 1;
      if (proposals === 2) controller.abort();
      return propose(prompt, failures, signal);
    };
    const result = await runOptimization(deps, input(), () => {}, controller.signal);
    expect(result.stoppedBy).toBe('stopped');
    expect(result.rounds).toHaveLength(1);
    expect(result.finalPrompt).toBe('Answer. Use JSON.');
    expect(result.test).toBeNull();
    expect(result.bestPrompt).toBe('Answer.');
  });
});

describe('stopBeforeRound', () => {
  const base = {
    round: 2,
    limits: { maxRounds: 5, maxTokens: 1000, maxCostUsd: 1 },
    aborted: false,
    validationMean: 3,
    tokens: 400,
    nextRoundTokens: 300,
    cost: 0.4,
    nextRoundCost: 0.3,
  };
  it('goes on while every limit has room for another round like the last', () => {
    expect(stopBeforeRound(base)).toBeUndefined();
  });
  it.each([
    [{ aborted: true }, 'stopped'],
    [{ validationMean: 5 }, 'perfect'],
    [{ round: 6 }, 'rounds'],
    [{ nextRoundTokens: 601 }, 'tokens'],
    [{ nextRoundCost: 0.61 }, 'cost'],
  ] as const)('%o -> %s', (over, reason) => {
    expect(stopBeforeRound({ ...base, ...over })).toBe(reason);
  });
});
