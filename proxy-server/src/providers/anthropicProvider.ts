/** Anthropic messages API through the official SDK (ANTHROPIC_BASE_URL honoured). */
import Anthropic from '@anthropic-ai/sdk';
import { PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { type AnswerLimits, checkAnswerLength, DEFAULT_ANSWER_LIMITS, guardStream, refuseEmpty } from './answerGuard';
import { invalidResponse, ProviderError, toProviderError } from './providerError';
import { GENERATE_MAX_TOKENS } from './openaiProvider';
import type { GenerateInput, ListedModel, TextProvider, TokenUsage } from './types';

const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicProviderOptions {
  apiKey?: string;
  baseURL?: string;
  timeoutMs: number;
  maxRetries: number;
  answerLimits?: AnswerLimits;
}

/**
 * The same max_tokens (1000) as the OpenAI call; the system prompt goes in `system`.
 * No temperature: @anthropic-ai/sdk 1.x speaks API version 2026-10-21, which removed the sampling
 * parameters (any `temperature`, even 1.0, is answered with 400 "Extra inputs are not permitted"),
 * and the SDK's types no longer have the field. The spec's 0.7 therefore applies to OpenAI only.
 */
function buildAnthropicRequest(
  model: string,
  systemPrompt: string,
  userPrompt: string,
): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model,
    max_tokens: GENERATE_MAX_TOKENS,
    ...(systemPrompt ? { system: systemPrompt } : {}),
    messages: [{ role: 'user', content: userPrompt }],
  };
}

export function createAnthropicProvider(options: AnthropicProviderOptions): TextProvider {
  const client = options.apiKey
    ? new Anthropic({
        apiKey: options.apiKey,
        baseURL: options.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL,
        timeout: options.timeoutMs,
        maxRetries: options.maxRetries,
        logLevel: 'off',
        openTelemetry: false,
      })
    : undefined;
  const secrets = [options.apiKey];
  const limits = options.answerLimits ?? DEFAULT_ANSWER_LIMITS;

  return {
    id: 'anthropic',
    label: PROVIDERS.anthropic.label,
    configured: Boolean(client),
    async generate(input: GenerateInput, signal?: AbortSignal, onUsage?: (usage: TokenUsage) => void) {
      if (!client)
        throw new ProviderError(
          'internal',
          'Anthropic API key not configured',
          503,
          'Anthropic API key not configured',
        );
      let message: Anthropic.Message;
      try {
        message = await client.messages.create(
          buildAnthropicRequest(input.model, input.systemPrompt, input.userPrompt),
          { signal },
        );
      } catch (err) {
        throw toProviderError(err, 'Anthropic', secrets);
      }
      const blocks = (message as { content?: unknown })?.content;
      if (!Array.isArray(blocks)) throw invalidResponse('Anthropic');
      const texts = blocks
        .filter((b) => b && b.type === 'text' && typeof b.text === 'string')
        .map((b) => b.text as string);
      if (texts.length === 0) throw invalidResponse('Anthropic');
      const usage = message.usage;
      if (onUsage && usage && typeof usage.input_tokens === 'number' && typeof usage.output_tokens === 'number') {
        onUsage({ input: usage.input_tokens, output: usage.output_tokens });
      }
      return checkAnswerLength(refuseEmpty(texts.join(''), 'Anthropic'), 'Anthropic', limits);
    },
    async stream(input, signal, onText, onUsage) {
      if (!client)
        throw new ProviderError(
          'internal',
          'Anthropic API key not configured',
          503,
          'Anthropic API key not configured',
        );
      const guard = guardStream('Anthropic', signal, limits);
      let full = '';
      let thrown: unknown;
      // The input count comes first (message_start), the output count at the end (message_delta).
      let inputTokens: number | undefined;
      try {
        const stream = client.messages.stream(
          buildAnthropicRequest(input.model, input.systemPrompt, input.userPrompt),
          { signal: guard.signal },
        );
        for await (const event of stream) {
          guard.received();
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text) {
            if (!guard.accept(event.delta.text)) break;
            full += event.delta.text;
            onText(event.delta.text);
          }
          if (event.type === 'message_start') inputTokens = event.message.usage?.input_tokens;
          if (event.type === 'message_delta' && typeof inputTokens === 'number' && onUsage)
            onUsage({ input: inputTokens, output: event.usage.output_tokens });
          if (event.type === 'message_stop') guard.finished();
        }
      } catch (err) {
        thrown = err;
      }
      const failure = guard.outcome(thrown);
      if (failure !== undefined) throw toProviderError(failure, 'Anthropic', secrets);
      return refuseEmpty(full, 'Anthropic');
    },
    async listModels(signal) {
      if (!client) return [];
      const out: ListedModel[] = [];
      try {
        for await (const model of client.models.list({ limit: 100 }, { signal }))
          out.push({ id: model.id, name: model.display_name });
      } catch (err) {
        throw toProviderError(err, 'Anthropic', secrets);
      }
      return out;
    },
  };
}
