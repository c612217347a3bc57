/** Token counts and what they cost, and the upper-bound estimate shown before an optimization starts. */
import type { EvaluationEstimate, OptimizationEstimate } from '../api/prove';
import type { ModelPrice } from '../catalog/modelPrices';
import type { CaseSplit } from './split';

export interface TokenUse {
  input: number;
  output: number;
}

export const NO_TOKENS: TokenUse = Object.freeze({ input: 0, output: 0 });

export const addTokens = (a: TokenUse, b: TokenUse): TokenUse => ({
  input: a.input + b.input,
  output: a.output + b.output,
});
export const totalTokens = (t: TokenUse): number => t.input + t.output;

export function costUsd(tokens: TokenUse, price: ModelPrice): number {
  return (tokens.input * price.inputPerMillion + tokens.output * price.outputPerMillion) / 1_000_000;
}

/** A rough token count of text (about four characters a token in English). */
export const approxTokens = (text: string): number => Math.ceil(text.length / 4);

/** Budgets per call for the estimate: answers and proposals are capped at these many output tokens. */
const ANSWER_TOKENS_MAX = 800;
const JUDGE_TOKENS_MAX = 120;
const PROPOSE_TOKENS_MAX = 1_500;
/** The instructions wrapped around a judge or proposal call. */
const OVERHEAD_TOKENS = 300;

export interface EstimateInput {
  prompt: string;
  rubric: string;
  cases: ReadonlyArray<{ input: string; expected?: string }>;
  split: CaseSplit;
  maxRounds: number;
  answerPrice: ModelPrice;
  judgePrice: ModelPrice;
}

/** Scoring a prompt of `promptTokens` on `cases` once: the answers and the judge's verdicts, each at its cap. */
function scoringTokens(
  promptTokens: number,
  rubricTokens: number,
  cases: ReadonlyArray<{ input: string; expected?: string }>,
) {
  let answer: TokenUse = NO_TOKENS;
  let judge: TokenUse = NO_TOKENS;
  for (const c of cases) {
    const inputTokens = approxTokens(c.input) + approxTokens(c.expected ?? '');
    answer = addTokens(answer, { input: promptTokens + inputTokens, output: ANSWER_TOKENS_MAX });
    judge = addTokens(judge, {
      input: OVERHEAD_TOKENS + rubricTokens + inputTokens + ANSWER_TOKENS_MAX,
      output: JUDGE_TOKENS_MAX,
    });
  }
  return { answer, judge };
}

/** An evaluation's upper bound: every case answered and judged once, each at its cap. */
export function estimateEvaluation(e: Omit<EstimateInput, 'split' | 'maxRounds'>): EvaluationEstimate {
  const { answer, judge } = scoringTokens(approxTokens(e.prompt), approxTokens(e.rubric), e.cases);
  return {
    tokens: totalTokens(answer) + totalTokens(judge),
    costUsd: costUsd(answer, e.answerPrice) + costUsd(judge, e.judgePrice),
    pricesListed: e.answerPrice.listed && e.judgePrice.listed,
  };
}

/**
 * An upper bound: every answer and proposal at its cap, the prompt growing by a proposal each round.
 * The starting prompt is scored on every case; each round scores a candidate on the training and
 * validation cases; the final version is scored once more on the test cases.
 */
export function estimateOptimization(e: EstimateInput): Omit<OptimizationEstimate, 'testBudget'> {
  const promptTokens = approxTokens(e.prompt) + PROPOSE_TOKENS_MAX;
  const rubricTokens = approxTokens(e.rubric);
  const scoring = (cases: ReadonlyArray<{ input: string; expected?: string }>) =>
    scoringTokens(promptTokens, rubricTokens, cases);
  const times = (t: TokenUse, k: number): TokenUse => ({ input: t.input * k, output: t.output * k });
  const all = scoring(e.cases);
  const round = scoring([...e.split.train, ...e.split.validation]);
  const test = scoring(e.split.test);
  const failuresTokens = e.split.train.reduce(
    (n, c) => n + approxTokens(c.input) + ANSWER_TOKENS_MAX + JUDGE_TOKENS_MAX,
    0,
  );
  const propose: TokenUse = { input: OVERHEAD_TOKENS + promptTokens + failuresTokens, output: PROPOSE_TOKENS_MAX };
  const answerSide = [all.answer, times(round.answer, e.maxRounds), times(propose, e.maxRounds), test.answer].reduce(
    addTokens,
    NO_TOKENS,
  );
  const judgeSide = [all.judge, times(round.judge, e.maxRounds), test.judge].reduce(addTokens, NO_TOKENS);
  return {
    trainCaseIds: e.split.train.map((c) => c.id),
    validationCaseIds: e.split.validation.map((c) => c.id),
    testCaseIds: e.split.test.map((c) => c.id),
    tokens: totalTokens(answerSide) + totalTokens(judgeSide),
    costUsd: costUsd(answerSide, e.answerPrice) + costUsd(judgeSide, e.judgePrice),
    pricesListed: e.answerPrice.listed && e.judgePrice.listed,
  };
}
