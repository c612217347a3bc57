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

/** The three sides of a set's split (see core/src/prove/split). */
export type CaseSide = 'train' | 'validation' | 'test';

/** A case's side, kept for good, and how many confirmatory tests it has been in. */
interface CaseRecord {
  side: CaseSide;
  tests: number;
}

/** By case id. The server keeps it with the set; callers cannot write it. */
export type CaseSplitRecord = Record<string, CaseRecord>;

export interface TestSet extends TestSetInput {
  id: number;
  /** Each used case's side and test count ({} before the first optimization). */
  split: CaseSplitRecord;
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
  /**
   * Accepted for older callers and ignored: the split is the test set's own (fixed from the case ids
   * and kept across runs), so a rerun cannot reshuffle the test cases into training.
   */
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
  /** The final test: which test cases, how many tests they have had, and the level it must clear. */
  testBudget: TestBudget;
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

/** A mean difference with its paired interval (Student's t; 95% unless a test budget says more). */
export interface PairedDifference {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/**
 * The confirmatory test of a run and its place in the set's budget: the k-th test on the same test
 * cases is called better only at a one-sided level of 0.05 * 2^-k (see core/src/prove/testBudget).
 */
export interface TestBudget {
  /** The test cases it uses: the set's test side, or only its freshest cases when there are enough. */
  caseIds: string[];
  /** Confirmatory tests these cases had before this one. */
  earlierTests: number;
  /** One-sided false-claim level of this test: 0.05 * 2^-(earlierTests + 1), 0.025 for a first test. */
  level: number;
  /** Two-sided coverage of its interval, 1 - 2 * level (0.95 for a first test). */
  confidence: number;
  /** The level is too strict to find most real gains: fresh cases restore a budget for them. */
  tooStrict: boolean;
  /** Cases to add (0 unless tooStrict) so that enough of them join the test side. */
  freshCasesToAdd: number;
  /** The above in one or two sentences, as the report, REST and MCP show it. */
  note: string;
}

/** The headline: the final version against the starting prompt on the test cases, used only here. */
export interface TestVerdict {
  /** Where this test stands in the set's budget, and the level it had to clear. */
  budget: TestBudget;
  /** A confirmatory test was made (an edit passed validation): it counts against the set's budget. */
  counted: boolean;
  /** Which version was tested: 0 is the starting prompt itself (no edit passed validation). */
  version: number;
  startMean: number;
  finalMean: number;
  difference: PairedDifference;
  /** The interval at the budget's confidence lies above zero: better on cases never used to choose it. */
  confirmed: boolean;
  reason: string;
  startResults: CaseResult[];
  finalResults: CaseResult[];
}

/**
 * How small a difference the test cases can detect, from their number, the spread of a difference
 * and the level of the next test (noncentral t). The spread is an estimate: the figures are "about".
 */
export interface PowerAdvice {
  testCases: number;
  /** Sample standard deviation of the scores the advice is based on. */
  scoreSd: number;
  /** The spread of a paired difference used (NaN when unknown). */
  diffSd: number;
  /** Where diffSd comes from: earlier paired differences, or sqrt(2) times the scores' spread. */
  spreadFrom: 'paired differences' | 'scores';
  /** One-sided false-claim level of the test the advice is for (0.025 for a first test). */
  level: number;
  /** Smallest true difference found 80% of the time by that test (NaN when the spread is unknown). */
  detectable: number;
  /** Test cases, and cases in all, that would detect half a point (NaN when unknown or past 10,000). */
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
  /** The set's split after this run: every case's side, and its test counted when one was made. */
  split: CaseSplitRecord;
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
