/**
 * A POST answered with a stream of events in the SSE framing of core/api/stream (the [prove]
 * evaluations and optimizations). Each event goes to `onEvent` as it arrives; the promise resolves
 * with the final `done` event. An `error` event, a stream cut short or an error answer before the
 * stream rejects with an ApiError whose message is ready to show. Aborting the signal (Stop)
 * closes the connection and rejects with the AbortError, so the caller can tell Stop from failure.
 */
import { MSG, proxyErrorText } from '@prompt-perfect/core/messages';
import { createEventParser, STREAM_CONTENT_TYPE } from '@prompt-perfect/core/api/stream';
import { ApiError, errorOf, readJson, send, SERVER_UNREACHABLE_MESSAGE } from './http';

type Done<E> = Extract<E, { type: 'done' }>;

export interface EventStreamOptions<E> {
  signal?: AbortSignal;
  onEvent?: (event: E) => void;
}

interface EventFamily<E extends { type: string }> {
  accepts: (type: string, payload: Record<string, unknown>) => boolean;
  /** A plain JSON success answer (the server chose not to stream): the done event it stands for. */
  doneFromJson: (body: unknown) => Done<E> | undefined;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof DOMException ? signal.reason : new DOMException('The run was stopped.', 'AbortError');
}

async function readEvents<E extends { type: string }>(
  response: Response,
  family: EventFamily<E>,
  { signal, onEvent }: EventStreamOptions<E>,
) {
  if (!response.body) throw new ApiError(MSG.connectionError, response.status);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createEventParser<E>(family.accepts);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      for (const event of done ? parser.end() : parser.push(value)) {
        if (event.type === 'error') throw new ApiError(String((event as { error?: unknown }).error), response.status);
        onEvent?.(event);
        if (event.type === 'done') return event as Done<E>;
      }
      if (done) throw new ApiError(MSG.connectionError, 0);
    }
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    if (error instanceof ApiError) throw error;
    throw new ApiError(MSG.connectionError, 0);
  } finally {
    // Not cancel(): see streamClient (happy-dom's fetch throws when a cancelled body then closes).
    reader.releaseLock();
  }
}

/**
 * POSTs asking for an event stream (or JSON, which the server answers errors and offline runs with).
 * An unreachable server rejects with a ready-to-show ApiError; Stop rejects with the AbortError.
 */
export async function postAcceptingStream(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  try {
    return await send(path, { body, signal, accept: `${STREAM_CONTENT_TYPE}, application/json` });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(SERVER_UNREACHABLE_MESSAGE, 0);
  }
}

export async function postEventStream<E extends { type: string }>(
  path: string,
  body: unknown,
  family: EventFamily<E>,
  options: EventStreamOptions<E> = {},
): Promise<Done<E>> {
  const response = await postAcceptingStream(path, body, options.signal);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith(STREAM_CONTENT_TYPE) && response.ok) return readEvents(response, family, options);
  const json = await readJson(response);
  const done = response.ok ? family.doneFromJson(json) : undefined;
  if (!done) throw new ApiError(errorOf(json) ?? proxyErrorText(response.status), response.status, json);
  options.onEvent?.(done);
  return done;
}
