/**
 * The loop with scripted model calls (the injected boundary): a scorer that rewards instructions
 * the prompt contains, a proposer that follows a script. Stops, the accept rule in the loop, and
 * that a neutral edit is never kept.
 */
import { describe, expect, it } from 'vitest';
import type { OptimizationEvent, TestCase } from '../../src/api/prove';
import { priceOf } from '../../src/catalog/modelPrices';
import { runOptimization, stopBeforeRound, type OptimizerDeps, type OptimizationInput } from '../../src/prove/optimizer';

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
  seed: 1,
  answerPrice: priceOf('gpt-4o-mini'),
  judgePrice: priceOf('gpt-4o-mini'),
  concurrency: 4,
  ...over,
});

describe('runOptimization', () => {
  it('keeps real gains, refuses neutral edits, stops when the held-out score is perfect', async () => {
    const kept: string[] = [];
    const events: OptimizationEvent[] = [];
    const deps = scriptedDeps(['Use JSON.', 'Be polite.', 'Be brief.', 'Use a persona.', 'Reword.', 'Give an example.'], kept);
    const result = await runOptimization(deps, input(), (e) => events.push(e), new AbortController().signal);
    expect(result.startScore).toBe(1);
    expect(result.endScore).toBe(5);
    expect(result.stoppedBy).toBe('perfect');
    expect(result.rounds.map((r) => r.kept)).toEqual([true, false, true, true, false, true]);
    expect(result.rounds.filter((r) => !r.kept).every((r) => r.candidateScore === r.currentScore)).toBe(true);
    expect(result.rounds.map((r) => r.historyId)).toEqual([1, undefined, 2, 3, undefined, 4]);
    expect(result.bestPrompt).toBe('Answer. Use JSON. Be brief. Use a persona. Give an example.');
    expect(kept).toHaveLength(4);
    // The starting prompt's cases are reported as they are judged, then the run starts.
    const scoring = events.filter((e) => e.type === 'scoring');
    expect(scoring.map((e) => e.done)).toEqual(Array.from({ length: input().cases.length + 1 }, (_, i) => i));
    expect(scoring.every((e) => e.total === input().cases.length)).toBe(true);
    expect(events[scoring.length]).toMatchObject({ type: 'started', startScore: 1 });
    expect(events.filter((e) => e.type === 'round')).toHaveLength(6);
    expect(events.at(-1)).toEqual({ type: 'done', result });
    expect(result.tokens).toBe(deps.calls * 20);
  });

  it('nothing is kept when no edit helps, and it stops after maxRounds', async () => {
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
  });

  it('stops on the token budget before spending past it', async () => {
    // Scoring the prompt once costs 10 cases * 2 calls * 20 tokens = 400; a round about 420 more.
    const result = await runOptimization(
      scriptedDeps(['Use JSON.', 'Be brief.']),
      input({ limits: { maxRounds: 10, maxTokens: 1000, maxCostUsd: 100 } }),
      () => {},
      new AbortController().signal,
    );
    expect(result.stoppedBy).toBe('tokens');
    expect(result.rounds).toHaveLength(1);
    expect(result.tokens).toBeLessThanOrEqual(1000);
  });

  it('stops on the cost limit when another round like the last would pass it', async () => {
    // Scoring once: 20 calls of 10 + 10 tokens at gpt-4o-mini prices = $0.00015; another round would double it.
    const result = await runOptimization(
      scriptedDeps(['Use JSON.']),
      input({ limits: { maxRounds: 10, maxTokens: 1e6, maxCostUsd: 0.0002 } }),
      () => {},
      new AbortController().signal,
    );
    expect(result.stoppedBy).toBe('cost');
    expect(result.rounds).toHaveLength(0);
  });

  it('a limit too small to score the prompt once is a clear error', async () => {
    await expect(
      runOptimization(scriptedDeps([]), input({ limits: { maxRounds: 3, maxTokens: 100, maxCostUsd: 100 } }), () => {}, new AbortController().signal),
    ).rejects.toThrow('The token or cost limit is too small to score the prompt even once.');
  });

  it('Stop during a round ends the loop with stoppedBy "stopped" and keeps nothing more', async () => {
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
    expect(result.bestPrompt).toBe('Answer. Use JSON.');
  });
});

describe('stopBeforeRound', () => {
  const base = {
    round: 2,
    limits: { maxRounds: 5, maxTokens: 1000, maxCostUsd: 1 },
    aborted: false,
    heldOutMean: 3,
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
    [{ heldOutMean: 5 }, 'perfect'],
    [{ round: 6 }, 'rounds'],
    [{ nextRoundTokens: 601 }, 'tokens'],
    [{ nextRoundCost: 0.61 }, 'cost'],
  ] as const)('%o -> %s', (over, reason) => {
    expect(stopBeforeRound({ ...base, ...over })).toBe(reason);
  });
});
