/** The most one model call may cost, in tokens: its input as estimated from the text, and the output cap. */
import { approxTokens, type TokenUse } from '@prompt-perfect/core/prove/cost';
import { GENERATE_MAX_TOKENS } from '../../providers/openaiProvider';

export const worstCaseTokens = (systemPrompt: string, userPrompt: string): TokenUse => ({
  input: approxTokens(systemPrompt) + approxTokens(userPrompt),
  output: GENERATE_MAX_TOKENS,
});

/** What a call used: the provider's counts when it reported them, else estimated from the texts. */
export const usedTokens = (systemPrompt: string, userPrompt: string, output: string, reported?: TokenUse): TokenUse =>
  reported ?? { input: approxTokens(systemPrompt) + approxTokens(userPrompt), output: approxTokens(output) };
