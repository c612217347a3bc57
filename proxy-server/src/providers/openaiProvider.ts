/** OpenAI chat completions through the official SDK (any OpenAI-compatible base URL). */
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { findModel, PROVIDERS, type ModelInfo } from '@prompt-perfect/core/catalog/providers';
import { type AnswerLimits, checkAnswerLength, DEFAULT_ANSWER_LIMITS, guardStream, refuseEmpty } from './answerGuard';
import { invalidResponse, ProviderError, toProviderError } from './providerError';
import { isO1Family } from '@prompt-perfect/core/catalog/modelFamily';
import type { GenerateInput, ListedModel, TextProvider, TokenUsage } from './types';

const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const GENERATE_MAX_TOKENS = 1000;
const GENERATE_TEMPERATURE = 0.7;
const O1_TEMPERATURE = 1;

export interface OpenAIProviderOptions {
  apiKey?: string;
  baseURL?: string;
  timeoutMs: number;
  maxRetries: number;
  answerLimits?: AnswerLimits;
}

/**
 * The spec's request shape (section 7.2): a system and a user message, max_tokens 1000,
 * temperature 0.7; for o1-type models one combined user message, max_completion_tokens 1000 and
 * temperature 1.
 */
export function buildOpenAIChatRequest(
  model: Pick<ModelInfo, 'id' | 'isO1'>,
  systemPrompt: string,
  userPrompt: string,
): ChatCompletionCreateParamsNonStreaming {
  if (model.isO1) {
    const combined = systemPrompt ? `${systemPrompt}\n\n${userPrompt}` : userPrompt;
    return {
      model: model.id,
      messages: [{ role: 'user', content: combined }],
      max_completion_tokens: GENERATE_MAX_TOKENS,
      temperature: O1_TEMPERATURE,
    };
  }
  return {
    model: model.id,
    messages: [
      { role: 'system', content: systemPrompt },
      { role: 'user', content: userPrompt },
    ],
    max_tokens: GENERATE_MAX_TOKENS,
    temperature: GENERATE_TEMPERATURE,
  };
}

/** Passes on the API's token counts when it sent both (a compatible server may send none). */
function reportUsage(usage: OpenAI.CompletionUsage | null | undefined, onUsage?: (usage: TokenUsage) => void): void {
  if (onUsage && usage && typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number')
    onUsage({ input: usage.prompt_tokens, output: usage.completion_tokens });
}

export interface OpenAIProvider extends TextProvider {
  /** Sends a prepared chat-completions body; returns choices[0].message.content. */
  complete(
    body: ChatCompletionCreateParamsNonStreaming,
    signal?: AbortSignal,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<string>;
  /**
   * The same, streamed (stream: true): `onText` gets each content delta. With `onUsage` the stream
   * is asked for its token counts (stream_options.include_usage), sent in a last chunk.
   */
  completeStream(
    body: ChatCompletionCreateParamsNonStreaming,
    signal: AbortSignal,
    onText: (piece: string) => void,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<string>;
}

export function createOpenAIProvider(options: OpenAIProviderOptions): OpenAIProvider {
  const client = options.apiKey
    ? new OpenAI({
        apiKey: options.apiKey,
        baseURL: options.baseURL ?? OPENAI_DEFAULT_BASE_URL,
        timeout: options.timeoutMs,
        maxRetries: options.maxRetries,
        logLevel: 'off',
      })
    : undefined;
  const secrets = [options.apiKey];
  const limits = options.answerLimits ?? DEFAULT_ANSWER_LIMITS;

  async function complete(
    body: ChatCompletionCreateParamsNonStreaming,
    signal?: AbortSignal,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<string> {
    if (!client)
      throw new ProviderError('internal', 'OpenAI API key not configured', 503, 'OpenAI API key not configured');
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create(body, { signal });
    } catch (err) {
      throw toProviderError(err, 'OpenAI', secrets);
    }
    const content = (completion as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string') throw invalidResponse('OpenAI');
    checkAnswerLength(refuseEmpty(content, 'OpenAI'), 'OpenAI', limits);
    reportUsage(completion.usage, onUsage);
    return content;
  }

  async function completeStream(
    body: ChatCompletionCreateParamsNonStreaming,
    signal: AbortSignal,
    onText: (piece: string) => void,
    onUsage?: (usage: TokenUsage) => void,
  ): Promise<string> {
    if (!client)
      throw new ProviderError('internal', 'OpenAI API key not configured', 503, 'OpenAI API key not configured');
    const guard = guardStream('OpenAI', signal, limits);
    let full = '';
    let thrown: unknown;
    try {
      const stream = await client.chat.completions.create(
        { ...body, stream: true, ...(onUsage ? { stream_options: { include_usage: true } } : {}) },
        { signal: guard.signal },
      );
      for await (const chunk of stream) {
        guard.received();
        reportUsage(chunk.usage, onUsage);
        const choice = chunk.choices?.[0];
        const piece = choice?.delta?.content;
        if (typeof piece === 'string' && piece) {
          if (!guard.accept(piece)) break;
          full += piece;
          onText(piece);
        }
        if (choice?.finish_reason) guard.finished();
      }
    } catch (err) {
      thrown = err;
    }
    const failure = guard.outcome(thrown);
    if (failure !== undefined) throw toProviderError(failure, 'OpenAI', secrets);
    return refuseEmpty(full, 'OpenAI');
  }

  const requestFor = (input: GenerateInput) =>
    buildOpenAIChatRequest(
      findModel('openai', input.model) ?? { id: input.model, isO1: isO1Family(input.model) },
      input.systemPrompt,
      input.userPrompt,
    );

  return {
    id: 'openai',
    label: PROVIDERS.openai.label,
    configured: Boolean(client),
    complete,
    completeStream,
    generate(input: GenerateInput, signal?: AbortSignal, onUsage?: (usage: TokenUsage) => void) {
      return complete(requestFor(input), signal, onUsage);
    },
    stream(input, signal, onText, onUsage) {
      return completeStream(requestFor(input), signal, onText, onUsage);
    },
    async listModels(signal) {
      if (!client) return [];
      const out: ListedModel[] = [];
      try {
        for await (const model of client.models.list({ signal })) out.push({ id: model.id });
      } catch (err) {
        throw toProviderError(err, 'OpenAI', secrets);
      }
      return out;
    },
  };
}
