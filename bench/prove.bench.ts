/**
 * [prove] on the simulated task, in process: core's optimization loop with the simulated model of
 * test-support (the same behaviour the fake OpenAI serves) behind the same prompts and parsing the
 * server uses. Over several seeds: held-out score start -> end, rounds, model calls, tokens, kept
 * edits, and the rate of kept edits that were in fact neutral (they added no instruction the
 * simulated model follows; goal 0).
 */
import type { TestCase } from '@prompt-perfect/core/api/prove';
import { EVALUATION_CONCURRENCY } from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { approxTokens } from '@prompt-perfect/core/prove/cost';
import { runOptimization, type OptimizerDeps } from '@prompt-perfect/core/prove/optimizer';
import { parseJudgeAnswer, parseProposedPrompt } from '@prompt-perfect/core/prove/parse';
import { JUDGE_SYSTEM_PROMPT, judgeUserMessage, PROPOSE_SYSTEM_PROMPT, proposeUserMessage } from '@prompt-perfect/core/prove/prompts';
import { createSimulatedModel, instructionsOf, sameInstructions } from '@prompt-perfect/test-support/prove/simulatedModel';
import { SIMULATED_ROUGH_PROMPT, SIMULATED_RUBRIC, simulatedCases } from '@prompt-perfect/test-support/prove/simulatedTask';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CASES = 16;
const LIMITS = { maxRounds: 10, maxTokens: 5_000_000, maxCostUsd: 100 };

/** In-process model calls: the simulated model's replies, with token counts estimated as the server does. */
export function simulatedDeps(): OptimizerDeps & { calls: number } {
  const model = createSimulatedModel();
  const call = (system: string, user: string) => {
    deps.calls += 1;
    const text = model.reply(system, user, true) ?? '';
    return { text, tokens: { input: approxTokens(system) + approxTokens(user), output: approxTokens(text) } };
  };
  const deps = {
    calls: 0,
    async answer(prompt: string, input: string) {
      return call(prompt, input);
    },
    async judge(rubric: string, input: string, answer: string, expected: string | undefined) {
      const out = call(JUDGE_SYSTEM_PROMPT, judgeUserMessage(rubric, input, answer, expected));
      return { ...parseJudgeAnswer(out.text), tokens: out.tokens };
    },
    async propose(prompt: string, failures: Parameters<OptimizerDeps['propose']>[1]) {
      const out = call(PROPOSE_SYSTEM_PROMPT, proposeUserMessage(prompt, failures));
      return { text: parseProposedPrompt(out.text), tokens: out.tokens };
    },
  };
  return deps;
}

export async function optimizeSimulated(seed: number, cases: TestCase[] = simulatedCases(CASES)) {
  const deps = simulatedDeps();
  const result = await runOptimization(
    deps,
    {
      prompt: SIMULATED_ROUGH_PROMPT,
      rubric: SIMULATED_RUBRIC,
      cases,
      limits: LIMITS,
      seed,
      answerPrice: priceOf('gpt-4o-mini'),
      judgePrice: priceOf('gpt-4o'),
      concurrency: EVALUATION_CONCURRENCY,
    },
    () => {},
    new AbortController().signal,
  );
  let previous = instructionsOf(SIMULATED_ROUGH_PROMPT);
  let neutralKept = 0;
  for (const r of result.rounds.filter((x) => x.kept)) {
    const next = instructionsOf(r.candidate);
    if (sameInstructions(previous, next)) neutralKept += 1;
    previous = next;
  }
  return { result, calls: deps.calls, neutralKept };
}

const fmt = (x: number) => x.toFixed(2);

export async function run(): Promise<Record<string, number | string>> {
  const runs = [];
  for (const seed of SEEDS) runs.push(await optimizeSimulated(seed));
  const kept = runs.reduce((n, r) => n + r.result.rounds.filter((x) => x.kept).length, 0);
  const neutral = runs.reduce((n, r) => n + r.neutralKept, 0);
  const proposedNeutral = runs.reduce((n, r) => n + r.result.rounds.filter((x) => !x.kept).length, 0);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const figures: Record<string, number | string> = {};
  for (const [i, r] of runs.slice(0, 5).entries()) {
    figures[`seed ${SEEDS[i]}: held-out start -> end`] =
      `${fmt(r.result.startScore)} -> ${fmt(r.result.endScore)} in ${r.result.rounds.length} rounds (${r.result.rounds.filter((x) => x.kept).length} kept, stopped by ${r.result.stoppedBy}), ${r.calls} calls, ${r.result.tokens} tokens`;
  }
  return {
    ...figures,
    'held-out mean start -> end (of 5)': `${fmt(mean(runs.map((r) => r.result.startScore)))} -> ${fmt(mean(runs.map((r) => r.result.endScore)))}`,
    'rounds per run (mean)': Number(mean(runs.map((r) => r.result.rounds.length)).toFixed(1)),
    'round of the last kept edit (mean)': Number(mean(runs.map((r) => Math.max(0, ...r.result.rounds.filter((x) => x.kept).map((x) => x.round)))).toFixed(1)),
    'model calls per run (mean)': Math.round(mean(runs.map((r) => r.calls))),
    'tokens per run (mean, estimated)': Math.round(mean(runs.map((r) => r.result.tokens))),
    'kept edits (all runs)': kept,
    'rejected proposals (all runs)': proposedNeutral,
    'kept edits that were neutral (rate; goal 0)': kept ? Number((neutral / kept).toFixed(3)) : 0,
    setup: `${SEEDS.length} seeds, ${CASES} cases (half held out), max ${LIMITS.maxRounds} rounds, in process (core loop + test-support simulated model)`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k}: ${v}`);
}
