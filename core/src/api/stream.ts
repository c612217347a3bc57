/**
 * Streamed answers: the server sends Server-Sent Events over the response of a POST
 * (`text/event-stream`), one JSON object per event. An error before the first text is an ordinary
 * JSON error response instead, with its HTTP status, so a stream always starts with text.
 *
 *   event: delta   data: {"text": "next piece"}
 *   event: done    data: {"run": RecordedRun?, "remaining": number?, "usage": TokenUsage?}
 *   event: error   data: {"error": "the spec's mapped message"}
 */
import type { RecordedRun } from './account';

/** Tokens a call used, as the provider reported them in its stream. */
export interface TokenUsage {
  input: number;
  output: number;
}

export const STREAM_CONTENT_TYPE = 'text/event-stream';

export type StreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; run?: RecordedRun; remaining?: number; usage?: TokenUsage }
  | { type: 'error'; error: string };

/** One event in the wire format (of any family: the [prove] streams use it too). */
export function encodeStreamEvent<E extends { type: string }>(event: E): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const TYPES = new Set(['delta', 'done', 'error']);

/**
 * An incremental parser: feed it the decoded text as it arrives (in any piece sizes); it returns
 * the complete events so far. Comments, unknown events and malformed data are skipped.
 */
export function createStreamParser(): { push(chunk: string): StreamEvent[]; end(): StreamEvent[] } {
  return createEventParser<StreamEvent>((type, payload) => {
    if (!TYPES.has(type)) return false;
    if (type === 'delta') return typeof payload.text === 'string';
    return type !== 'error' || typeof payload.error === 'string';
  });
}

/**
 * The same framing for any family of events (the [prove] streams send 'case', 'round', ...):
 * `accepts` says which event names and payloads belong to the family; the rest is skipped, as are
 * comments and malformed data. Every family's `error` event carries `error: string`.
 */
export function createEventParser<E extends { type: string }>(
  accepts: (type: string, payload: Record<string, unknown>) => boolean,
): { push(chunk: string): E[]; end(): E[] } {
  let buffer = '';

  function parseBlock(block: string): E | undefined {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return undefined;
    try {
      const payload: unknown = JSON.parse(data.join('\n'));
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
      const fields = payload as Record<string, unknown>;
      if (!accepts(type, fields)) return undefined;
      return { ...fields, type } as unknown as E;
    } catch {
      return undefined;
    }
  }

  function drain(final: boolean): E[] {
    const events: E[] = [];
    const blocks = buffer.split(/\r\n\r\n|\n\n|\r\r/);
    buffer = final ? '' : (blocks.pop() ?? '');
    for (const block of blocks) {
      const event = parseBlock(block);
      if (event) events.push(event);
    }
    return events;
  }

  return {
    push(chunk) {
      buffer += chunk;
      return drain(false);
    },
    end() {
      return drain(true);
    },
  };
}
