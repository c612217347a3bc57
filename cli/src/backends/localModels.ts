/**
 * Model calls straight from the CLI to an OpenAI-compatible API (OPENAI_API_KEY, OPENAI_BASE_URL),
 * for test sets read from files: a CI job needs a key, not a running Prompt Perfect server.
 */
import OpenAI from 'openai';
import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { approxTokens } from '@prompt-perfect/core/prove/cost';
import { type ModelCall, proveModelsOver } from '@prompt-perfect/core/prove/models';
import type { OptimizerDeps } from '@prompt-perfect/core/prove/optimizer';
import { UsageError } from '../input';

export function localProveModels(
  answer: ModelChoice,
  judge: ModelChoice,
  env: NodeJS.ProcessEnv = process.env,
): OptimizerDeps {
  if (answer.provider !== 'openai' || judge.provider !== 'openai') {
    throw new UsageError(
      'A test set read from a file runs on OpenAI-compatible APIs only (OPENAI_BASE_URL); use a saved test set id for Anthropic models.',
    );
  }
  if (!env.OPENAI_API_KEY)
    throw new UsageError(
      'Set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible API) to run a test set from a file.',
    );
  const client = new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL || undefined, maxRetries: 2 });
  const call: ModelCall = async (choice, systemPrompt, userPrompt, signal) => {
    const out = await client.chat.completions.create(
      {
        model: choice.model,
        messages: [
          { role: 'system', content: systemPrompt },
          { role: 'user', content: userPrompt },
        ],
      },
      { signal },
    );
    const text = out.choices[0]?.message?.content ?? '';
    const usage = out.usage;
    return {
      text,
      tokens: usage
        ? { input: usage.prompt_tokens, output: usage.completion_tokens }
        : { input: approxTokens(systemPrompt + userPrompt), output: approxTokens(text) },
    };
  };
  return proveModelsOver(call, answer, judge);
}
