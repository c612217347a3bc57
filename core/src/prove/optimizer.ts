/**
 * The optimization loop, pure of HTTP: the caller passes the model calls. The starting prompt is
 * scored on the training and validation cases. Each round shows the failing training cases to the
 * proposer, scores its edit on the same cases, and keeps it as the next version only when it passes
 * validation (acceptRule). After the last round the final version and the starting prompt are
 * scored on the test cases, untouched until then: that comparison is the result, at the level the
 * set's test budget leaves (testBudget), and the result's split counts it. Stops: rounds,
 * tokens, cost, a perfect validation score, or the caller's signal.
 */
import {
  SCORE_MAX,
  type CaseResult,
  type OptimizationEstimate,
  type OptimizationEvent,
  type OptimizationLimits,
  type OptimizationResult,
  type OptimizationRound,
  type OptimizationStop,
  type CaseSplitRecord,
  type TestBudget,
  type TestCase,
  type TestVerdict,
} from '../api/prove';
import type { ModelPrice } from '../catalog/modelPrices';
import { decideKeep, testVerdict } from './acceptRule';
import { addTokens, costUsd, estimateOptimization, NO_TOKENS, totalTokens, type TokenUse } from './cost';
import { evaluateCases, ProveStopped, type EvaluationModels, type ModelText } from './evaluate';
import type { Failure } from './prompts';
import { ProveInputError } from './parse';
import { assignSides, casesForTestSide, splitCases } from './split';
import { mean, powerAdvice } from './statistics';
import { countTest, planTest } from './testBudget';

export interface OptimizerDeps extends EvaluationModels {
  propose(prompt: string, failures: Failure[], signal: AbortSignal): Promise<ModelText>;
  /** Records a kept version (e.g. in the prompt's history); returns its id. */
  keep?(prompt: string, round: number): Promise<number | undefined>;
}

export interface OptimizationInput {
  prompt: string;
  rubric: string;
  cases: readonly TestCase[];
  limits: OptimizationLimits;
  /** The set's split so far ({} for a set never optimized): cases keep their sides and test counts. */
  split: CaseSplitRecord;
  /** Prices of the answering model (answers and proposals) and of the judge. */
  answerPrice: ModelPrice;
  judgePrice: ModelPrice;
  concurrency: number;
}

/** Failing training cases shown to the proposer at most (lowest scores first). */
const FAILURES_SHOWN = 8;

class BudgetSpent extends Error {
  constructor(readonly which: 'tokens' | 'cost') {
    super(`${which} budget spent`);
  }
}

/**
 * Counts tokens and cost per side and refuses to start a call once a budget is spent. While
 * `reserved` is set, that share of each budget is kept back for the final test.
 */
function createMeter(limits: OptimizationLimits, prices: { answer: ModelPrice; judge: ModelPrice }) {
  let answer: TokenUse = NO_TOKENS;
  let judge: TokenUse = NO_TOKENS;
  const meter = {
    reserved: { tokens: 0, cost: 0 },
    get tokens() {
      return totalTokens(answer) + totalTokens(judge);
    },
    get cost() {
      return costUsd(answer, prices.answer) + costUsd(judge, prices.judge);
    },
    check() {
      if (meter.tokens + meter.reserved.tokens >= limits.maxTokens) throw new BudgetSpent('tokens');
      if (meter.cost + meter.reserved.cost >= limits.maxCostUsd) throw new BudgetSpent('cost');
    },
    add(side: 'answer' | 'judge', tokens: TokenUse) {
      if (side === 'answer') answer = addTokens(answer, tokens);
      else judge = addTokens(judge, tokens);
    },
  };
  return meter;
}

/** The set's sides for this run, and the final test's cases and level. */
function planRun(cases: readonly TestCase[], known: CaseSplitRecord) {
  const record = assignSides(cases, known);
  const split = splitCases(cases, record);
  return { record, split, budget: planTest(split.test, record) };
}

export function estimateFor(
  input: Omit<OptimizationInput, 'limits' | 'concurrency'> & { maxRounds: number },
): OptimizationEstimate {
  const { split, budget } = planRun(input.cases, input.split);
  return { ...estimateOptimization({ ...input, split }), testBudget: budget };
}

type Meter = ReturnType<typeof createMeter>;

/** What every step of one optimization shares: the split, the meter and the metered evaluation. */
interface OptimizationRun {
  input: OptimizationInput;
  split: ReturnType<typeof splitCases>;
  /** Every case's side (new cases placed), as saved with the set. */
  record: CaseSplitRecord;
  /** The final test's cases and level. */
  budget: TestBudget;
  testCases: TestCase[];
  meter: Meter;
  /** Training and validation cases: what each round is scored on. */
  roundCases: TestCase[];
  trainInputs: Map<TestCase['id'], string>;
  evaluate(prompt: string, cases: readonly TestCase[], onCase?: (done: number) => void): Promise<CaseResult[]>;
  validationScores(results: CaseResult[]): number[];
  onEvent: (event: OptimizationEvent) => void;
  signal: AbortSignal;
}

/** The caller's model calls, each refused once a budget is spent and counted when it answers. */
function meteredModels(deps: EvaluationModels, meter: Meter): EvaluationModels {
  return {
    async answer(prompt, text, s) {
      meter.check();
      const out = await deps.answer(prompt, text, s);
      meter.add('answer', out.tokens);
      return out;
    },
    async judge(rubric, text, answer, expected, s) {
      meter.check();
      const out = await deps.judge(rubric, text, answer, expected, s);
      meter.add('judge', out.tokens);
      return out;
    },
  };
}

function startRun(
  deps: OptimizerDeps,
  input: OptimizationInput,
  onEvent: OptimizationRun['onEvent'],
  signal: AbortSignal,
): OptimizationRun {
  const { record, split, budget } = planRun(input.cases, input.split);
  const tested = new Set(budget.caseIds);
  const meter = createMeter(input.limits, { answer: input.answerPrice, judge: input.judgePrice });
  const validationIds = new Set(split.validation.map((c) => c.id));
  const trainInputs = new Map(split.train.map((c) => [c.id, c.input]));
  const models = meteredModels(deps, meter);
  return {
    input,
    split,
    record,
    budget,
    testCases: split.test.filter((c) => tested.has(c.id)),
    meter,
    roundCases: input.cases.filter((c) => trainInputs.has(c.id) || validationIds.has(c.id)),
    trainInputs,
    async evaluate(prompt, cases, onCase = () => {}) {
      const { results } = await evaluateCases(
        models,
        { prompt, rubric: input.rubric, cases, concurrency: input.concurrency },
        (_result, done) => onCase(done),
        signal,
      );
      return results;
    },
    validationScores: (results) => results.filter((r) => validationIds.has(r.caseId)).map((r) => r.score),
    onEvent,
    signal,
  };
}

/** Scores the starting prompt on the round cases, then keeps back what the final test will cost. */
async function scoreStart(run: OptimizationRun): Promise<CaseResult[]> {
  const { meter, roundCases, onEvent } = run;
  let results: CaseResult[];
  try {
    const total = roundCases.length;
    onEvent({ type: 'scoring', done: 0, total });
    results = await run.evaluate(run.input.prompt, roundCases, (done) => onEvent({ type: 'scoring', done, total }));
  } catch (err) {
    if (err instanceof BudgetSpent)
      throw new ProveInputError(
        'The token or cost limit is too small to score the prompt even once. Raise it and try again.',
      );
    throw err;
  }
  // The final test scores two prompts on the test cases: keep back what that costs at this rate.
  const testShare = (2 * run.testCases.length) / roundCases.length;
  meter.reserved = { tokens: meter.tokens * testShare, cost: meter.cost * testShare };
  return results;
}

/** The failing training cases the proposer sees, lowest scores first. */
function failuresOf(run: OptimizationRun, current: CaseResult[]): Failure[] {
  return current
    .filter((r) => run.trainInputs.has(r.caseId) && r.score < SCORE_MAX)
    .sort((a, b) => a.score - b.score)
    .slice(0, FAILURES_SHOWN)
    .map((r) => ({
      input: run.trainInputs.get(r.caseId) ?? '',
      answer: r.answer,
      score: r.score,
      critique: r.critique,
    }));
}

/** Where the loop stands between rounds. */
interface LoopState {
  prompt: string;
  results: CaseResult[];
  /** Versions kept so far (0: still the starting prompt). */
  version: number;
}

/** One round: a proposal, scored and kept or rejected. Returns the round's entry (tokens still 0). */
async function playRound(
  run: OptimizationRun,
  deps: OptimizerDeps,
  state: LoopState,
  round: number,
): Promise<OptimizationRound> {
  const { meter } = run;
  meter.check();
  const proposal = await deps.propose(state.prompt, failuresOf(run, state.results), run.signal);
  meter.add('answer', proposal.tokens);
  const candidate = proposal.text.trim();
  if (candidate === state.prompt.trim()) {
    const currentScore = mean(run.validationScores(state.results));
    return {
      round,
      candidate,
      previous: state.prompt,
      candidateScore: currentScore,
      diffLow: 0,
      diffHigh: 0,
      kept: false,
      results: [],
      currentScore,
      reason: 'Rejected: the proposal did not change the prompt.',
      tokens: 0,
    };
  }
  const scored = await run.evaluate(candidate, run.roundCases);
  const decision = decideKeep(run.validationScores(state.results), run.validationScores(scored));
  const entry: OptimizationRound = {
    round,
    candidate,
    previous: state.prompt,
    ...decision,
    results: scored,
    tokens: 0,
  };
  if (decision.kept) {
    state.prompt = candidate;
    state.results = scored;
    state.version += 1;
    const historyId = await deps.keep?.(candidate, round);
    if (historyId !== undefined) entry.historyId = historyId;
  }
  return entry;
}

/** Plays rounds until a limit, a perfect score or Stop; returns why it stopped. */
async function playRounds(
  run: OptimizationRun,
  deps: OptimizerDeps,
  state: LoopState,
  rounds: OptimizationRound[],
): Promise<OptimizationStop> {
  const { meter, input, signal } = run;
  let lastRoundTokens = meter.tokens;
  for (let round = 1; ; round++) {
    const stop = stopBeforeRound({
      round,
      limits: input.limits,
      aborted: signal.aborted,
      validationMean: mean(run.validationScores(state.results)),
      tokens: meter.tokens + meter.reserved.tokens,
      nextRoundTokens: lastRoundTokens,
      cost: meter.cost + meter.reserved.cost,
      nextRoundCost: meter.tokens ? (meter.cost * lastRoundTokens) / meter.tokens : 0,
    });
    if (stop) return stop;
    const tokensBefore = meter.tokens;
    try {
      const entry = await playRound(run, deps, state, round);
      lastRoundTokens = meter.tokens - tokensBefore;
      entry.tokens = lastRoundTokens;
      rounds.push(entry);
      run.onEvent({ type: 'round', round: entry });
    } catch (err) {
      if (err instanceof BudgetSpent) return err.which;
      if (err instanceof ProveStopped || signal.aborted) return 'stopped';
      throw err;
    }
  }
}

/** The final version against the starting prompt on the test cases; null when it could not run. */
async function finalTest(run: OptimizationRun, finalVersion: number, finalPrompt: string): Promise<TestVerdict | null> {
  const { testCases, onEvent } = run;
  const total = testCases.length * (finalVersion === 0 ? 1 : 2);
  let done = 0;
  const onCase = () => onEvent({ type: 'testing', done: ++done, total });
  onEvent({ type: 'testing', done, total });
  try {
    const start = await run.evaluate(run.input.prompt, testCases, onCase);
    const final = finalVersion === 0 ? start : await run.evaluate(finalPrompt, testCases, onCase);
    return testVerdict(finalVersion, start, final, run.budget);
  } catch (err) {
    if (err instanceof BudgetSpent || err instanceof ProveStopped || run.signal.aborted) return null;
    throw err;
  }
}

export async function runOptimization(
  deps: OptimizerDeps,
  input: OptimizationInput,
  onEvent: (event: OptimizationEvent) => void,
  signal: AbortSignal,
): Promise<OptimizationResult> {
  const run = startRun(deps, input, onEvent, signal);
  const estimate = {
    ...estimateOptimization({ ...input, split: run.split, maxRounds: input.limits.maxRounds }),
    testBudget: run.budget,
  };
  const startResults = await scoreStart(run);
  const startScore = mean(run.validationScores(startResults));
  const power = powerAdvice(
    { scores: startResults.map((r) => r.score) },
    run.testCases.length,
    casesForTestSide,
    run.budget.level,
  );
  onEvent({ type: 'started', estimate, startScore, startResults, power });

  const state: LoopState = { prompt: input.prompt, results: startResults, version: 0 };
  const rounds: OptimizationRound[] = [];
  const stoppedBy = await playRounds(run, deps, state, rounds);

  run.meter.reserved = { tokens: 0, cost: 0 };
  const test = stoppedBy === 'stopped' ? null : await finalTest(run, state.version, state.prompt);
  const result: OptimizationResult = {
    validationStart: startScore,
    validationEnd: mean(run.validationScores(state.results)),
    finalPrompt: state.prompt,
    bestPrompt: test?.confirmed ? state.prompt : input.prompt,
    test,
    power,
    rounds,
    tokens: run.meter.tokens,
    stoppedBy: signal.aborted ? 'stopped' : stoppedBy,
    split: countTest(run.record, test),
  };
  onEvent({ type: 'done', result });
  return result;
}

export interface StopState {
  /** The round about to start (1-based). */
  round: number;
  limits: OptimizationLimits;
  aborted: boolean;
  validationMean: number;
  /** Spent so far plus what is kept back for the final test. */
  tokens: number;
  /** What the next round is expected to use: the last round's figures. */
  nextRoundTokens: number;
  cost: number;
  nextRoundCost: number;
}

/** Why the loop must not start another round, or undefined to go on. */
export function stopBeforeRound(s: StopState): OptimizationStop | undefined {
  if (s.aborted) return 'stopped';
  if (s.validationMean >= SCORE_MAX) return 'perfect';
  if (s.round > s.limits.maxRounds) return 'rounds';
  if (s.tokens + s.nextRoundTokens > s.limits.maxTokens) return 'tokens';
  if (s.cost + s.nextRoundCost > s.limits.maxCostUsd) return 'cost';
  return undefined;
}
