/** The model providers built from the config, looked up by id. */
import type { ApiProviderId } from '@prompt-perfect/core/api/types';
import type { Config } from '../config';
import { createAnthropicProvider } from './anthropicProvider';
import { createOpenAIProvider, type OpenAIProvider } from './openaiProvider';
import type { TextProvider } from './types';

export interface Providers {
  openai: OpenAIProvider;
  anthropic: TextProvider;
}

export function createProviders(config: Config): Providers {
  const answerLimits = {
    idleTimeoutMs: config.runLimits.idleTimeoutMs,
    maxAnswerChars: config.runLimits.maxAnswerChars,
  };
  const common = { timeoutMs: config.providerTimeoutMs, maxRetries: config.providerMaxRetries, answerLimits };
  return {
    openai: createOpenAIProvider({ ...config.openai, ...common }),
    anthropic: createAnthropicProvider({ ...config.anthropic, ...common }),
  };
}

export function configuredMap(p: Providers): Record<ApiProviderId, boolean> {
  return { openai: p.openai.configured, anthropic: p.anthropic.configured };
}
