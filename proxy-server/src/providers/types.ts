import type { ApiProviderId } from '@prompt-perfect/core/api/types';

export interface GenerateInput {
  model: string;
  systemPrompt: string;
  userPrompt: string;
}

/** Tokens a call used, as the provider reported them. */
export interface TokenUsage {
  input: number;
  output: number;
}

/** One way to turn a system instruction and user text into text. Errors are ProviderErrors. */
export interface TextProvider {
  readonly id: ApiProviderId;
  readonly label: string;
  readonly configured: boolean;
  /** `onUsage` hears the call's token counts when the provider reports them. */
  generate(input: GenerateInput, signal?: AbortSignal, onUsage?: (usage: TokenUsage) => void): Promise<string>;
  /** The same call streamed: `onText` gets each piece as the provider sends it; resolves to the whole text. */
  stream(input: GenerateInput, signal: AbortSignal, onText: (piece: string) => void): Promise<string>;
  /** The provider's own model list (GET /v1/models through the SDK). */
  listModels(signal?: AbortSignal): Promise<ListedModel[]>;
}

export interface ListedModel {
  id: string;
  /** The provider's display name, when it has one. */
  name?: string;
}
