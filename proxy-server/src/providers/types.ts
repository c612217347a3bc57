import type { ApiProviderId } from '@prompt-perfect/core/api/types';
import type { TokenUsage } from '@prompt-perfect/core/api/stream';

export interface GenerateInput {
  model: string;
  systemPrompt: string;
  userPrompt: string;
}

/** Tokens a call used, as the provider reported them. */
export type { TokenUsage } from '@prompt-perfect/core/api/stream';

/** One way to turn a system instruction and user text into text. Errors are ProviderErrors. */
export interface TextProvider {
  readonly id: ApiProviderId;
  readonly label: string;
  readonly configured: boolean;
  /** `onUsage` hears the call's token counts when the provider reports them. */
  generate(input: GenerateInput, signal?: AbortSignal, onUsage?: (usage: TokenUsage) => void): Promise<string>;
  /**
   * The same call streamed: `onText` gets each piece as the provider sends it; resolves to the whole
   * text. `onUsage` hears the token counts when the stream carries them (at its end).
   */
  stream(
    input: GenerateInput,
    signal: AbortSignal,
    onText: (piece: string) => void,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<string>;
  /** The provider's own model list (GET /v1/models through the SDK). */
  listModels(signal?: AbortSignal): Promise<ListedModel[]>;
}

export interface ListedModel {
  id: string;
  /** The provider's display name, when it has one. */
  name?: string;
}
