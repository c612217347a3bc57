/**
 * The streams do not report the provider's token usage, so results show an estimate, labelled
 * "≈": about four characters per token, the rule of thumb OpenAI and Anthropic both give for English.
 */
const CHARACTERS_PER_TOKEN = 4;

function estimatedTokens(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : Math.max(1, Math.round(trimmed.length / CHARACTERS_PER_TOKEN));
}

/** "≈ 42 tokens" (estimated). */
export function tokenLabel(text: string): string {
  const n = estimatedTokens(text);
  return `≈ ${n} ${n === 1 ? 'token' : 'tokens'}`;
}
