import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { UsageError } from './input';

/** `gpt-4o-mini` or `openai:gpt-4o-mini` / `anthropic:claude-...`. */
export function modelChoice(value: string | undefined, option: string, fallback: string): ModelChoice {
  const given = value ?? fallback;
  const [provider, model] = given.includes(':') ? given.split(/:(.*)/s) : ['openai', given];
  if (provider !== 'openai' && provider !== 'anthropic')
    throw new UsageError(`${option} must be a model name, or openai:<model> / anthropic:<model>.`);
  if (!model) throw new UsageError(`${option} needs a model name after '${provider}:'.`);
  return { provider, model };
}
