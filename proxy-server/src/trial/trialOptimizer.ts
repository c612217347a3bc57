/** One trial run on gpt-4o-mini with the spec's instruction. */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { TRIAL_MODEL } from '@prompt-perfect/shared/catalog/providers';
import { buildTrialInstruction } from '@prompt-perfect/shared/prompt/buildRequests';
import { stripLeadingPhrases } from '@prompt-perfect/shared/rules/stripLeadingPhrases';
import type { OpenAIProvider } from '../providers/openaiProvider';

export const TRIAL_MAX_TOKENS = 500;
export const TRIAL_TEMPERATURE = 0.7;

/** Spec section 7.3: model gpt-4o-mini, ONE user message, max_tokens 500, temperature 0.7. */
export function buildTrialRequest(prompt: string): ChatCompletionCreateParamsNonStreaming {
  return {
    model: TRIAL_MODEL,
    messages: [{ role: 'user', content: buildTrialInstruction(prompt) }],
    max_tokens: TRIAL_MAX_TOKENS,
    temperature: TRIAL_TEMPERATURE,
  };
}

export async function runTrial(openai: OpenAIProvider, prompt: string, signal?: AbortSignal): Promise<string> {
  const content = await openai.complete(buildTrialRequest(prompt), signal);
  return stripLeadingPhrases(content);
}
