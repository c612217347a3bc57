/** Providers and their model catalogues (spec section 3). Adding a model is one line of data. */
export type ProviderId = 'openai' | 'anthropic';

export interface ModelInfo {
  id: string;
  name: string;
  description: string;
  /** o1-type models take one combined user message, max_completion_tokens and temperature 1. */
  isO1?: boolean;
}

export interface ProviderInfo {
  id: ProviderId;
  label: string;
  models: ModelInfo[];
}

export const PROVIDERS: Record<ProviderId, ProviderInfo> = {
  openai: {
    id: 'openai',
    label: 'OpenAI',
    models: [
      { id: 'gpt-4o', name: 'GPT-4o', description: 'Most capable multimodal GPT-4 class model.', isO1: false },
      { id: 'gpt-4o-mini', name: 'GPT-4o Mini', description: 'Fast and affordable; the default.', isO1: false },
      { id: 'gpt-4-turbo', name: 'GPT-4 Turbo', description: 'GPT-4 with a large context window.', isO1: false },
      { id: 'gpt-4', name: 'GPT-4', description: 'Strong reasoning, original GPT-4.', isO1: false },
      {
        id: 'gpt-3.5-turbo',
        name: 'GPT-3.5 Turbo',
        description: 'Fastest and cheapest for simple tasks.',
        isO1: false,
      },
    ],
  },
  anthropic: {
    id: 'anthropic',
    label: 'Anthropic/Claude',
    models: [
      {
        id: 'claude-3-7-sonnet-20250219',
        name: 'Claude 3.7 Sonnet',
        description: 'Most intelligent Sonnet, with extended thinking.',
      },
      { id: 'claude-3-5-sonnet-20241022', name: 'Claude 3.5 Sonnet', description: 'Balanced intelligence and speed.' },
      { id: 'claude-3-opus-20240229', name: 'Claude 3 Opus', description: 'Powerful model for complex tasks.' },
      {
        id: 'claude-3-5-haiku-20241022',
        name: 'Claude 3.5 Haiku',
        description: 'Fast and capable for everyday tasks.',
      },
      { id: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku', description: 'Fastest and most compact.' },
    ],
  },
};

export const PROVIDER_IDS: ProviderId[] = ['openai', 'anthropic'];
export const DEFAULT_PROVIDER: ProviderId = 'openai';
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** The visitor free trial always uses the smallest OpenAI model. */
export const TRIAL_MODEL = 'gpt-4o-mini';
/** The Test Prompt panel always runs on OpenAI gpt-4o. */
export const TEST_MODEL = 'gpt-4o';

export function isProviderId(x: unknown): x is ProviderId {
  return typeof x === 'string' && Object.hasOwn(PROVIDERS, x);
}

/** Changing provider resets the model to that provider's first model. */
export function firstModelOf(p: ProviderId): string {
  return PROVIDERS[p].models[0].id;
}

export function findModel(p: ProviderId, modelId: string): ModelInfo | undefined {
  return PROVIDERS[p]?.models.find((m) => m.id === modelId);
}
