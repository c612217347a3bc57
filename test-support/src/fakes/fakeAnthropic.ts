/**
 * A fake Anthropic messages API (POST /v1/messages). baseURL is the server root: the SDK adds /v1.
 * Like API version 2026-10-21 it rejects the removed sampling parameters (temperature, top_p, top_k).
 */
import { PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { startFake, type FakeOptions } from './fakeServer';
import type { FakeUpstream } from './types';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export function startFakeAnthropic(options: FakeOptions = {}): Promise<FakeUpstream> {
  let n = 0;
  return startFake(
    {
      basePath: '',
      endpoint: '/v1/messages',
      validate(body, headers) {
        if (!headers.authorization && !headers['x-api-key']) return 'Missing authentication';
        if (!body || typeof body.model !== 'string') return 'model: Field required';
        if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
        for (const p of ['temperature', 'top_p', 'top_k']) if (p in body) return `${p}: Extra inputs are not permitted`;
        if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: Field required';
        return undefined;
      },
      success(body, text) {
        n += 1;
        return {
          id: `msg_fake_${n}`,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [{ type: 'text', text }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 20 },
        };
      },
      noChoices(body) {
        return {
          id: 'msg_fake_empty',
          type: 'message',
          role: 'assistant',
          model: body?.model,
          content: [],
          stop_reason: 'end_turn',
        };
      },
      error(status, message) {
        return {
          type: 'error',
          error: { type: ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message },
        };
      },
      defaultModels: PROVIDERS.anthropic.models.map((m) => m.id),
      modelList(ids) {
        const data = ids.map((id) => ({
          type: 'model',
          id,
          display_name: id.replace(/-\d{8}$/, '').replace(/-/g, ' '),
          created_at: '2025-01-01T00:00:00Z',
        }));
        return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
      },
      streamStart(body) {
        n += 1;
        return [
          event('message_start', {
            type: 'message_start',
            message: {
              id: `msg_fake_${n}`,
              type: 'message',
              role: 'assistant',
              model: body?.model,
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: 10, output_tokens: 1 },
            },
          }),
          event('content_block_start', {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'text', text: '' },
          }),
        ];
      },
      streamDelta(_body, text) {
        return event('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text },
        });
      },
      streamEnd() {
        return [
          event('content_block_stop', { type: 'content_block_stop', index: 0 }),
          event('message_delta', {
            type: 'message_delta',
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: 20 },
          }),
          event('message_stop', { type: 'message_stop' }),
        ];
      },
      streamError(message) {
        return event('error', { type: 'error', error: { type: 'overloaded_error', message } });
      },
    },
    options,
  );
}
