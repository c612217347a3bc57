/** Runs a prompt on every case and has the judge score each answer, a few cases at a time. */
import type { CaseResult, TestCase } from '../api/prove';
import { addTokens, NO_TOKENS, type TokenUse } from './cost';

export interface ModelText {
  text: string;
  tokens: TokenUse;
}

interface ScoredAnswer {
  score: number;
  critique: string;
  tokens: TokenUse;
}

/** The two model calls of an evaluation; each gets the run's signal and rejects when it aborts. */
export interface EvaluationModels {
  answer(prompt: string, input: string, signal: AbortSignal): Promise<ModelText>;
  judge(
    rubric: string,
    input: string,
    answer: string,
    expected: string | undefined,
    signal: AbortSignal,
  ): Promise<ScoredAnswer>;
}

/** Thrown when the caller's signal stopped the work. */
export class ProveStopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'ProveStopped';
  }
}

export interface EvaluationInput {
  prompt: string;
  rubric: string;
  cases: readonly TestCase[];
  concurrency: number;
}

export interface EvaluatedCases {
  /** In the cases' order. */
  results: CaseResult[];
  tokens: TokenUse;
}

/**
 * At most `concurrency` cases in flight; `onResult` hears each as it completes (done = how many so
 * far). The first failure aborts the cases still running and is rethrown.
 */
export async function evaluateCases(
  models: EvaluationModels,
  input: EvaluationInput,
  onResult: (result: CaseResult, done: number) => void,
  signal: AbortSignal,
): Promise<EvaluatedCases> {
  const failed = new AbortController();
  const callSignal = AbortSignal.any([signal, failed.signal]);
  const results: CaseResult[] = new Array(input.cases.length);
  let tokens = NO_TOKENS;
  let next = 0;
  let done = 0;
  let firstError: unknown;

  const worker = async () => {
    while (next < input.cases.length && !callSignal.aborted) {
      const testCase = input.cases[next++];
      try {
        const answer = await models.answer(input.prompt, testCase.input, callSignal);
        tokens = addTokens(tokens, answer.tokens);
        const verdict = await models.judge(input.rubric, testCase.input, answer.text, testCase.expected, callSignal);
        tokens = addTokens(tokens, verdict.tokens);
        const result: CaseResult = {
          caseId: testCase.id,
          answer: answer.text,
          score: verdict.score,
          critique: verdict.critique,
        };
        results[input.cases.indexOf(testCase)] = result;
        done += 1;
        if (!callSignal.aborted) onResult(result, done);
      } catch (err) {
        if (firstError === undefined && !signal.aborted) firstError = err;
        failed.abort();
      }
    }
  };

  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, input.cases.length)) }, worker));
  if (signal.aborted) throw new ProveStopped();
  if (firstError !== undefined) throw firstError;
  return { results, tokens };
}
