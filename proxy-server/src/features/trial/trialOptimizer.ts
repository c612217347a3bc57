/** One trial run on the trial model (gpt-4o-mini unless TRIAL_MODEL says otherwise) with the spec's instruction. */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { isO1Family } from '@prompt-perfect/core/catalog/modelFamily';
import { buildTrialInstruction } from '@prompt-perfect/core/prompt/buildRequests';
import { stripLeadingPhrases } from '@prompt-perfect/core/prompt/stripLeadingPhrases';
import { invalidResponse } from '../../providers/providerError';
import type { OpenAIProvider } from '../../providers/openaiProvider';

const TRIAL_MAX_TOKENS = 500;
const TRIAL_TEMPERATURE = 0.7;

/**
 * Spec section 7.3: ONE user message, max_tokens 500, temperature 0.7 (an o-series trial model takes
 * max_completion_tokens and temperature 1, as in the main call).
 */
export function buildTrialRequest(prompt: string, model: string): ChatCompletionCreateParamsNonStreaming {
  const messages: ChatCompletionCreateParamsNonStreaming['messages'] = [
    { role: 'user', content: buildTrialInstruction(prompt) },
  ];
  if (isO1Family(model)) return { model, messages, max_completion_tokens: TRIAL_MAX_TOKENS, temperature: 1 };
  return { model, messages, max_tokens: TRIAL_MAX_TOKENS, temperature: TRIAL_TEMPERATURE };
}

/** An empty answer is a failed run: it uses no free run. */
export function nonEmptyAnswer(text: string): string {
  if (!text.trim()) throw invalidResponse('OpenAI');
  return text;
}

export async function runTrial(
  openai: OpenAIProvider,
  prompt: string,
  model: string,
  signal?: AbortSignal,
): Promise<string> {
  const content = await openai.complete(buildTrialRequest(prompt, model), signal);
  return nonEmptyAnswer(stripLeadingPhrases(content));
}
