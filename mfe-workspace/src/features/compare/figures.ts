/** What a column's answer took: time to first text, total time, tokens and cost. */
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { approxTokens, costUsd, type TokenUse } from '@prompt-perfect/core/prove/cost';
import type { Answer } from './types';

export interface AnswerFigures {
  firstText: string;
  total: string;
  tokens: TokenUse;
  /** The provider did not report counts: they are estimated from the text. */
  estimated: boolean;
  cost: string;
  /** The model is not in the price list: the cost is at the dearest listed price. */
  costIsUpperBound: boolean;
}

const seconds = (ms: number | null) => (ms === null ? '–' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Dollars with the digits a small amount needs: $0.0012, $0.31, $2.40 (and "< $0.0001" below that). */
export function dollars(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.0001) return '< $0.0001';
  if (usd < 0.01) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(2)}`;
}

export function answerFigures(answer: Answer, model: string): AnswerFigures {
  const tokens = answer.usage ?? {
    input: approxTokens(answer.sent.systemPrompt) + approxTokens(answer.sent.userPrompt),
    output: approxTokens(answer.text),
  };
  const price = priceOf(model);
  return {
    firstText: seconds(answer.firstTextMs),
    total: seconds(answer.totalMs),
    tokens,
    estimated: answer.usage === null,
    cost: dollars(costUsd(tokens, price)),
    costIsUpperBound: !price.listed,
  };
}
