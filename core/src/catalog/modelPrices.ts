/**
 * List prices in US dollars per million tokens, for cost estimates before and during an
 * optimization. They are estimates: providers change prices, and a model not listed here is priced
 * at UNKNOWN_MODEL_PRICE, the dearest listed, so the estimate errs high rather than low.
 */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /** False when the model is not listed and the conservative default was used. */
  listed: boolean;
}

const PRICES: Record<string, [input: number, output: number]> = {
  'gpt-4o': [2.5, 10],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4-turbo': [10, 30],
  'gpt-4': [30, 60],
  'gpt-3.5-turbo': [0.5, 1.5],
  'gpt-4.1': [2, 8],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1-nano': [0.1, 0.4],
  'claude-3-7-sonnet-20250219': [3, 15],
  'claude-3-5-sonnet-20241022': [3, 15],
  'claude-3-opus-20240229': [15, 75],
  'claude-3-5-haiku-20241022': [0.8, 4],
  'claude-3-haiku-20240307': [0.25, 1.25],
};

const UNKNOWN_MODEL_PRICE: ModelPrice = { inputPerMillion: 30, outputPerMillion: 75, listed: false };

export function priceOf(model: string): ModelPrice {
  const p = PRICES[model];
  return p ? { inputPerMillion: p[0], outputPerMillion: p[1], listed: true } : UNKNOWN_MODEL_PRICE;
}
