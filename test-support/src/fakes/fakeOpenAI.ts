/** A fake OpenAI chat-completions API (POST /v1/chat/completions). baseURL ends in /v1. */
import { PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { startFake, type FakeOptions } from './fakeServer';
import type { FakeUpstream } from './types';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  403: 'permission_denied',
  404: 'not_found',
  429: 'rate_limit_exceeded',
};

/** Token counts in proportion to the text (about four characters a token), as a real API reports them. */
function usageOf(body: any, text: string) {
  const prompt_tokens = Math.max(1, Math.ceil(JSON.stringify(body?.messages ?? '').length / 4));
  const completion_tokens = Math.max(1, Math.ceil(text.length / 4));
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

const chunk = (body: any, n: number, delta: Record<string, unknown>, finishReason: string | null) => ({
  id: `chatcmpl-fake-${n}`,
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model: body?.model,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
});

export function startFakeOpenAI(options: FakeOptions = {}): Promise<FakeUpstream> {
  let n = 0;
  return startFake(
    {
      basePath: '/v1',
      endpoint: '/v1/chat/completions',
      validate(body, headers) {
        if (!String(headers.authorization ?? '').startsWith('Bearer ')) return "You didn't provide an API key.";
        if (!body || typeof body.model !== 'string') return 'you must provide a model parameter';
        if (!Array.isArray(body.messages) || body.messages.length === 0)
          return "'messages' must contain at least one message";
        return undefined;
      },
      success(body, text) {
        n += 1;
        return {
          id: `chatcmpl-fake-${n}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: text, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: usageOf(body, text),
        };
      },
      noChoices(body) {
        return { id: 'chatcmpl-fake-empty', object: 'chat.completion', created: 0, model: body?.model, choices: [] };
      },
      error(status, message) {
        return { error: { message, type: ERROR_TYPES[status] ?? 'server_error', param: null, code: null } };
      },
      defaultModels: PROVIDERS.openai.models.map((m) => m.id),
      modelList(ids) {
        return {
          object: 'list',
          data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
        };
      },
      streamStart(body) {
        n += 1;
        return [sse(chunk(body, n, { role: 'assistant', content: '' }, null))];
      },
      streamDelta(body, text) {
        return sse(chunk(body, n, { content: text }, null));
      },
      streamEnd(body, text) {
        // Asked for (stream_options.include_usage), the counts come in a last chunk with no choices.
        const usage = body?.stream_options?.include_usage
          ? [sse({ ...chunk(body, n, {}, null), choices: [], usage: usageOf(body, text) })]
          : [];
        return [sse(chunk(body, n, {}, 'stop')), ...usage, 'data: [DONE]\n\n'];
      },
      streamError(message) {
        return sse({ error: { message, type: 'server_error', param: null, code: null } });
      },
    },
    options,
  );
}
