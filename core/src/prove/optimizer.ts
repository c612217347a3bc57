/**
 * The optimization loop, pure of HTTP: the caller passes the model calls. Each round reads the
 * failing training cases, asks for one edit, scores the edited prompt on every case, and keeps it
 * only when decideKeep says the held-out gain is real. Stops: rounds, tokens, cost, a perfect
 * held-out score, or the caller's signal.
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
  type TestCase,
} from '../api/prove';
import type { ModelPrice } from '../catalog/modelPrices';
import { decideKeep } from './acceptRule';
import { addTokens, costUsd, estimateOptimization, NO_TOKENS, totalTokens, type TokenUse } from './cost';
import { evaluateCases, ProveStopped, type EvaluationModels, type ModelText } from './evaluate';
import type { Failure } from './prompts';
import { ProveInputError } from './parse';
import { splitCases } from './split';
import { mean } from './statistics';

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
  seed: number;
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

/** Counts tokens and cost per side and refuses to start a call once a budget is spent. */
function createMeter(limits: OptimizationLimits, prices: { answer: ModelPrice; judge: ModelPrice }) {
  let answer: TokenUse = NO_TOKENS;
  let judge: TokenUse = NO_TOKENS;
  const meter = {
    get tokens() {
      return totalTokens(answer) + totalTokens(judge);
    },
    get cost() {
      return costUsd(answer, prices.answer) + costUsd(judge, prices.judge);
    },
    check() {
      if (meter.tokens >= limits.maxTokens) throw new BudgetSpent('tokens');
      if (meter.cost >= limits.maxCostUsd) throw new BudgetSpent('cost');
    },
    add(side: 'answer' | 'judge', tokens: TokenUse) {
      if (side === 'answer') answer = addTokens(answer, tokens);
      else judge = addTokens(judge, tokens);
    },
  };
  return meter;
}

export function estimateFor(input: Omit<OptimizationInput, 'limits' | 'concurrency'> & { maxRounds: number }): OptimizationEstimate {
  return estimateOptimization({ ...input, split: splitCases(input.cases, input.seed) });
}

export async function runOptimization(
  deps: OptimizerDeps,
  input: OptimizationInput,
  onEvent: (event: OptimizationEvent) => void,
  signal: AbortSignal,
): Promise<OptimizationResult> {
  const split = splitCases(input.cases, input.seed);
  const estimate = estimateOptimization({ ...input, split, maxRounds: input.limits.maxRounds });
  const meter = createMeter(input.limits, { answer: input.answerPrice, judge: input.judgePrice });
  const heldOutIds = new Set(split.heldOut.map((c) => c.id));
  const trainInputs = new Map(split.train.map((c) => [c.id, c.input]));

  const metered: EvaluationModels = {
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
  const evaluate = async (prompt: string, onCase: (done: number) => void = () => {}) => {
    const { results } = await evaluateCases(
      metered,
      { prompt, rubric: input.rubric, cases: input.cases, concurrency: input.concurrency },
      (_result, done) => onCase(done),
      signal,
    );
    return results;
  };
  const heldOutScores = (results: CaseResult[]) => results.filter((r) => heldOutIds.has(r.caseId)).map((r) => r.score);
  const trainScores = (results: CaseResult[]) => results.filter((r) => !heldOutIds.has(r.caseId)).map((r) => r.score);

  let currentPrompt = input.prompt;
  let current: CaseResult[];
  try {
    const total = input.cases.length;
    onEvent({ type: 'scoring', done: 0, total });
    current = await evaluate(currentPrompt, (done) => onEvent({ type: 'scoring', done, total }));
  } catch (err) {
    if (err instanceof BudgetSpent) throw new ProveInputError('The token or cost limit is too small to score the prompt even once. Raise it and try again.');
    throw err;
  }
  const startScore = mean(heldOutScores(current));
  onEvent({ type: 'started', estimate, startScore });

  const rounds: OptimizationRound[] = [];
  let lastRoundTokens = meter.tokens;
  let stoppedBy: OptimizationStop | undefined;
  for (let round = 1; stoppedBy === undefined; round++) {
    stoppedBy = stopBeforeRound({
      round,
      limits: input.limits,
      aborted: signal.aborted,
      heldOutMean: mean(heldOutScores(current)),
      tokens: meter.tokens,
      nextRoundTokens: lastRoundTokens,
      cost: meter.cost,
      nextRoundCost: meter.tokens ? (meter.cost * lastRoundTokens) / meter.tokens : 0,
    });
    if (stoppedBy) break;
    const tokensBefore = meter.tokens;
    try {
      const failures: Failure[] = current
        .filter((r) => trainInputs.has(r.caseId) && r.score < SCORE_MAX)
        .sort((a, b) => a.score - b.score)
        .slice(0, FAILURES_SHOWN)
        .map((r) => ({ input: trainInputs.get(r.caseId) ?? '', answer: r.answer, score: r.score, critique: r.critique }));
      meter.check();
      const proposal = await deps.propose(currentPrompt, failures, signal);
      meter.add('answer', proposal.tokens);
      const candidate = proposal.text.trim();
      const currentScore = mean(heldOutScores(current));
      let entry: OptimizationRound;
      if (candidate === currentPrompt.trim()) {
        entry = {
          round,
          candidate,
          candidateScore: currentScore,
          currentScore,
          diffLow: 0,
          diffHigh: 0,
          kept: false,
          reason: 'Not kept: the proposal did not change the prompt.',
          tokens: 0,
        };
      } else {
        const scored = await evaluate(candidate);
        const decision = decideKeep(heldOutScores(current), heldOutScores(scored), input.seed * 1000 + round, {
          current: trainScores(current),
          candidate: trainScores(scored),
        });
        entry = { round, candidate, ...decision, tokens: 0 };
        if (decision.kept) {
          currentPrompt = candidate;
          current = scored;
          const historyId = await deps.keep?.(candidate, round);
          if (historyId !== undefined) entry.historyId = historyId;
        }
      }
      lastRoundTokens = meter.tokens - tokensBefore;
      entry.tokens = lastRoundTokens;
      rounds.push(entry);
      onEvent({ type: 'round', round: entry });
    } catch (err) {
      if (err instanceof BudgetSpent) stoppedBy = err.which;
      else if (err instanceof ProveStopped || signal.aborted) stoppedBy = 'stopped';
      else throw err;
    }
  }

  const result: OptimizationResult = {
    startScore,
    endScore: mean(heldOutScores(current)),
    bestPrompt: currentPrompt,
    rounds,
    tokens: meter.tokens,
    stoppedBy,
  };
  onEvent({ type: 'done', result });
  return result;
}

export interface StopState {
  /** The round about to start (1-based). */
  round: number;
  limits: OptimizationLimits;
  aborted: boolean;
  heldOutMean: number;
  tokens: number;
  /** What the next round is expected to use: the last round's figures. */
  nextRoundTokens: number;
  cost: number;
  nextRoundCost: number;
}

/** Why the loop must not start another round, or undefined to go on. */
export function stopBeforeRound(s: StopState): OptimizationStop | undefined {
  if (s.aborted) return 'stopped';
  if (s.heldOutMean >= SCORE_MAX) return 'perfect';
  if (s.round > s.limits.maxRounds) return 'rounds';
  if (s.tokens + s.nextRoundTokens > s.limits.maxTokens) return 'tokens';
  if (s.cost + s.nextRoundCost > s.limits.maxCostUsd) return 'cost';
  return undefined;
}
