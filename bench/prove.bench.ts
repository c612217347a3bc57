/**
 * [prove] in process: core's optimization loop behind the same prompts and parsing the server uses.
 * - The simulated task (test-support's simulated model, the behaviour the fake OpenAI serves): the
 *   test-split score start -> end, rounds, calls, tokens, edits that passed validation, and how many
 *   of those were neutral (they added no instruction the simulated model follows).
 * - A null judge (scores at random, so no edit can help): over 200 seeded runs, how often a run
 *   claims a better prompt (goal <= 5%) and the mean reported test-split gain (goal within +-0.1).
 * `npx tsx bench/prove.bench.ts` runs this section alone.
 */
import type { TestCase } from '@prompt-perfect/core/api/prove';
import { EVALUATION_CONCURRENCY } from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { approxTokens } from '@prompt-perfect/core/prove/cost';
import { runOptimization, type OptimizerDeps } from '@prompt-perfect/core/prove/optimizer';
import { parseJudgeAnswer, parseProposedPrompt } from '@prompt-perfect/core/prove/parse';
import {
  JUDGE_SYSTEM_PROMPT,
  judgeUserMessage,
  PROPOSE_SYSTEM_PROMPT,
  proposeUserMessage,
} from '@prompt-perfect/core/prove/prompts';
import { createNullModel } from '@prompt-perfect/test-support/prove/nullModel';
import {
  createSimulatedModel,
  instructionsOf,
  sameInstructions,
} from '@prompt-perfect/test-support/prove/simulatedModel';
import {
  SIMULATED_ROUGH_PROMPT,
  SIMULATED_RUBRIC,
  simulatedCases,
} from '@prompt-perfect/test-support/prove/simulatedTask';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CASES = 20;
const NULL_RUNS = 200;
const NULL_CASES = 16;
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

/**
 * The shipped task (rough prompt and rubric) optimized with `deps` as the models, in process, on a
 * new test set per seed: the split is fixed by the case ids, so each seed names its cases apart.
 */
const optimizeTask = (deps: OptimizerDeps, seed: number, cases: TestCase[]) =>
  runOptimization(
    deps,
    {
      prompt: SIMULATED_ROUGH_PROMPT,
      rubric: SIMULATED_RUBRIC,
      cases: cases.map((c) => ({ ...c, id: `s${seed}-${c.id}` })),
      limits: LIMITS,
      split: {},
      answerPrice: priceOf('gpt-4o-mini'),
      judgePrice: priceOf('gpt-4o'),
      concurrency: EVALUATION_CONCURRENCY,
    },
    () => {},
    new AbortController().signal,
  );

export async function optimizeSimulated(seed: number, cases: TestCase[] = simulatedCases(CASES)) {
  const deps = simulatedDeps();
  const result = await optimizeTask(deps, seed, cases);
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
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The reported test-split gain of a run: 0 when no edit passed validation (nothing to report). */
const testGain = (r: Awaited<ReturnType<typeof runOptimization>>) => (r.test ? r.test.difference.mean : 0);

async function nullJudgeFigures() {
  let claimed = 0;
  let passedValidation = 0;
  const gains: number[] = [];
  for (let seed = 1; seed <= NULL_RUNS; seed++) {
    const result = await optimizeTask(createNullModel(seed), seed, simulatedCases(NULL_CASES));
    if (result.test?.confirmed) claimed += 1;
    if (result.rounds.some((r) => r.kept)) passedValidation += 1;
    gains.push(testGain(result));
  }
  return {
    'null judge: runs claiming a better prompt (goal <= 5%)': `${claimed} of ${NULL_RUNS} (${((100 * claimed) / NULL_RUNS).toFixed(1)}%)`,
    'null judge: mean reported test-split gain (goal within +-0.1)': Number(mean(gains).toFixed(3)),
    'null judge: runs where an edit passed validation (not a claim)': `${passedValidation} of ${NULL_RUNS}`,
    'null judge setup': `${NULL_RUNS} seeds, ${NULL_CASES} cases, max ${LIMITS.maxRounds} rounds, judge uniform on 1..5`,
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const runs = [];
  for (const seed of SEEDS) runs.push(await optimizeSimulated(seed));
  const kept = runs.reduce((n, r) => n + r.result.rounds.filter((x) => x.kept).length, 0);
  const neutral = runs.reduce((n, r) => n + r.neutralKept, 0);
  const rejected = runs.reduce((n, r) => n + r.result.rounds.filter((x) => !x.kept).length, 0);
  const tested = runs.filter((r) => r.result.test);
  const figures: Record<string, number | string> = {};
  for (const [i, r] of runs.slice(0, 5).entries()) {
    const t = r.result.test;
    figures[`seed ${SEEDS[i]}: test split start -> final`] =
      `${t ? `${fmt(t.startMean)} -> ${fmt(t.finalMean)} (n ${t.difference.n}, ${t.confirmed ? 'confirmed' : 'not confirmed'})` : 'not tested'} in ${r.result.rounds.length} rounds (${r.result.rounds.filter((x) => x.kept).length} passed, stopped by ${r.result.stoppedBy}), ${r.calls} calls, ${r.result.tokens} tokens`;
  }
  return {
    ...figures,
    [`test-split mean start -> final (of ${SEEDS.length})`]: `${fmt(mean(tested.map((r) => r.result.test?.startMean ?? 0)))} -> ${fmt(mean(tested.map((r) => r.result.test?.finalMean ?? 0)))}`,
    'runs confirmed better on the test split': `${runs.filter((r) => r.result.test?.confirmed).length} of ${runs.length}`,
    'validation mean start -> end (validation figures: they chose the edits)': `${fmt(mean(runs.map((r) => r.result.validationStart)))} -> ${fmt(mean(runs.map((r) => r.result.validationEnd)))}`,
    'rounds per run (mean)': Number(mean(runs.map((r) => r.result.rounds.length)).toFixed(1)),
    'model calls per run (mean)': Math.round(mean(runs.map((r) => r.calls))),
    'tokens per run (mean, estimated)': Math.round(mean(runs.map((r) => r.result.tokens))),
    'edits that passed validation (all runs)': kept,
    'rejected proposals (all runs)': rejected,
    'passed edits that were neutral (rate)': kept ? Number((neutral / kept).toFixed(3)) : 0,
    setup: `${SEEDS.length} seeds, ${CASES} cases (train/validation/test), max ${LIMITS.maxRounds} rounds, in process (core loop + test-support simulated model)`,
    ...(await nullJudgeFigures()),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k}: ${v}`);
}
