/**
 * [prove] Test sets, evaluations and optimizations: the contract between proxy-server, the
 * workspace UI and REST callers (session cookie or `Authorization: Bearer <personal API token>`).
 *
 *   POST   /api/test-sets/draft      DraftTestSetRequest -> DraftTestSetResponse (nothing saved)
 *   GET    /api/test-sets            -> { items: TestSetSummary[] }
 *   POST   /api/test-sets            TestSetInput -> TestSet (201)
 *   GET    /api/test-sets/:id        -> TestSet
 *   PUT    /api/test-sets/:id        TestSetInput -> TestSet
 *   DELETE /api/test-sets/:id        -> 204
 *   POST   /api/evaluations/estimate EvaluationRequest -> EvaluationEstimate (nothing run)
 *   POST   /api/evaluations          EvaluationRequest -> stream of EvaluationEvent (or JSON EvaluationResult
 *                                    when the caller does not accept text/event-stream)
 *   POST   /api/optimizations        OptimizationRequest -> stream of OptimizationEvent (or JSON OptimizationResult)
 *   GET    /api/tokens               -> { items: ApiTokenInfo[] } (session only: a token cannot manage tokens)
 *   POST   /api/tokens               { name, scopes? } -> CreatedApiToken (201; the token is shown once)
 *   DELETE /api/tokens/:id           -> 204
 *
 * Stop: the client aborts the request (closes the stream); the server stops at once and bills nothing more.
 * Streams use the SSE framing of ./stream (event name = `type`, data = the rest as JSON).
 */
import type { ApiProviderId } from './types';

export const DRAFT_CASES_MIN = 8;
export const DRAFT_CASES_MAX = 20;
/** A saved set may hold more cases than a draft (imports). */
export const TEST_SET_CASES_MAX = 100;
export const TEST_CASE_INPUT_MAX = 4_000;
export const RUBRIC_MAX = 4_000;
export const TEST_SET_NAME_MAX = 120;
/** Cases evaluated at once against the provider. */
export const EVALUATION_CONCURRENCY = 4;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

export interface TestCase {
  /** Stable within its set (client-generated or server-assigned), e.g. "c1". */
  id: string;
  input: string;
  /** Optional points a good answer contains, one per line. */
  expected?: string;
}

export interface TestSetInput {
  name: string;
  /** The prompt the set was made for (the one being proved). */
  prompt: string;
  rubric: string;
  cases: TestCase[];
}

export interface TestSet extends TestSetInput {
  id: number;
  createdAt: string;
  updatedAt: string;
}

export interface TestSetSummary {
  id: number;
  name: string;
  caseCount: number;
  updatedAt: string;
}

export interface ModelChoice {
  provider: ApiProviderId;
  model: string;
}

export interface DraftTestSetRequest extends ModelChoice {
  /** The task or prompt to draft cases for. */
  task: string;
  /** How many cases, DRAFT_CASES_MIN..DRAFT_CASES_MAX (default 10). */
  count?: number;
}

export interface DraftTestSetResponse {
  rubric: string;
  cases: TestCase[];
}

export interface EvaluationRequest extends ModelChoice {
  testSetId: number;
  prompt: string;
  /** The judge model, chosen separately. */
  judge: ModelChoice;
  /** Stops the evaluation once its estimated cost reaches this (US dollars, from list prices). */
  limits?: { maxCostUsd: number };
}

/** An evaluation's upper-bound cost, before it runs; the server refuses one over what is left of the daily budget. */
export interface EvaluationEstimate {
  tokens: number;
  costUsd: number;
  /** False when a model has no list price here and a conservative default was used. */
  pricesListed: boolean;
}

export interface CaseResult {
  caseId: string;
  answer: string;
  /** SCORE_MIN..SCORE_MAX. */
  score: number;
  /** One line from the judge. */
  critique: string;
}

export interface ScoreSummary {
  mean: number;
  /** 95% confidence interval of the mean. */
  low: number;
  high: number;
  n: number;
}

export interface EvaluationResult {
  summary: ScoreSummary;
  results: CaseResult[];
  tokens: number;
}

export type EvaluationEvent =
  | { type: 'case'; done: number; total: number; result: CaseResult }
  | { type: 'done'; evaluation: EvaluationResult }
  | { type: 'error'; error: string };

export interface OptimizationLimits {
  maxRounds: number;
  maxTokens: number;
  /** US dollars, estimated from the models' list prices. */
  maxCostUsd: number;
}

export interface OptimizationRequest extends ModelChoice {
  testSetId: number;
  prompt: string;
  judge: ModelChoice;
  limits: OptimizationLimits;
  /** Seeds the train/validation/test split, so a run can be repeated. */
  seed?: number;
  /**
   * The prompt's history entry, when it has one: kept versions are recorded as refinements of it.
   * Without it the starting prompt is recorded first (once a version is kept), so each kept edit
   * still diffs against the version before it.
   */
  historyId?: number;
}

/** Shown before the run starts (POST /api/optimizations/estimate with the same body answers it alone). */
export interface OptimizationEstimate {
  /** Shown to the proposer: their failures suggest the edits. */
  trainCaseIds: string[];
  /** Decide, round by round, whether an edit passes. */
  validationCaseIds: string[];
  /** Never used until the end: the final version against the starting prompt. */
  testCaseIds: string[];
  /** Upper bound for maxRounds rounds. */
  tokens: number;
  costUsd: number;
  /** False when a model has no list price here and a conservative default was used. */
  pricesListed?: boolean;
}

export interface OptimizationRound {
  round: number;
  /** The proposed prompt, and the version it was proposed from (to diff them). */
  candidate: string;
  previous: string;
  /** Validation means of the candidate and of the version it was compared with. */
  candidateScore: number;
  currentScore: number;
  /** Paired 80% interval (Student's t) of candidate - current over the validation cases: a screen, not a claim. */
  diffLow: number;
  diffHigh: number;
  /** Passed validation: it becomes the version the next round starts from. */
  kept: boolean;
  /** Why it passed or not, one line. */
  reason: string;
  tokens: number;
  /** The candidate's answers on the training and validation cases (empty when it was not scored). */
  results: CaseResult[];
  /** History entry id when the kept version was recorded in the prompt's history. */
  historyId?: number;
}

/** A mean difference with its paired 95% interval (Student's t). */
export interface PairedDifference {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** The headline: the final version against the starting prompt on the test cases, used only here. */
export interface TestVerdict {
  /** Which version was tested: 0 is the starting prompt itself (no edit passed validation). */
  version: number;
  startMean: number;
  finalMean: number;
  difference: PairedDifference;
  /** The interval lies above zero: the final version is better on cases never used to choose it. */
  confirmed: boolean;
  reason: string;
  startResults: CaseResult[];
  finalResults: CaseResult[];
}

/** How small a difference the test cases can detect, from their number and the judge's spread. */
export interface PowerAdvice {
  testCases: number;
  /** Sample standard deviation of the scores the advice is based on. */
  scoreSd: number;
  /** Smallest true difference found 80% of the time by the 95% test (NaN when the spread is unknown). */
  detectable: number;
  /** Test cases, and cases in all, that would detect half a point. */
  testCasesForHalfPoint: number;
  casesForHalfPoint: number;
}

export type OptimizationStop = 'rounds' | 'tokens' | 'cost' | 'perfect' | 'stopped';

export interface OptimizationResult {
  /** Validation means of the starting prompt and of the last version that passed validation. */
  validationStart: number;
  validationEnd: number;
  /** The last version that passed validation (the starting prompt when none did). */
  finalPrompt: string;
  /** What to use: finalPrompt when the test confirmed it, else the starting prompt. */
  bestPrompt: string;
  /** Null when the run stopped before the test could run. */
  test: TestVerdict | null;
  power: PowerAdvice;
  rounds: OptimizationRound[];
  tokens: number;
  stoppedBy: OptimizationStop;
}

export type OptimizationEvent =
  /** Before `started`: the starting prompt is being scored, `done` of `total` cases judged so far. */
  | { type: 'scoring'; done: number; total: number }
  | {
      type: 'started';
      estimate: OptimizationEstimate;
      startScore: number;
      startResults: CaseResult[];
      power: PowerAdvice;
    }
  | { type: 'round'; round: OptimizationRound }
  /** After the last round: the final version on the test cases. */
  | { type: 'testing'; done: number; total: number }
  | { type: 'done'; result: OptimizationResult }
  | { type: 'error'; error: string };

/**
 * What a personal token may do: `read` the account's test sets and history (GET requests), `run`
 * everything that spends or changes (model calls, saving test sets). Tokens from before scopes have both.
 */
export const TOKEN_SCOPES = ['read', 'run'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface ApiTokenInfo {
  id: number;
  name: string;
  scopes: TokenScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedApiToken {
  /** Shown once: the server keeps only its hash. */
  token: string;
  info: ApiTokenInfo;
}
