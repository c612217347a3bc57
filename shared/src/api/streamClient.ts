/**
 * Streamed model answers (the wire format is in ./stream.ts). `onText` gets the whole text so far,
 * at most once per network read, so a burst of small deltas costs one render. Stopping (aborting
 * the signal) after text arrived resolves with that partial text and `stopped: true`; the server
 * sees the connection close and hangs up on the provider.
 */
import { MSG, proxyConnectionMessage, proxyErrorText } from '@prompt-perfect/core/messages';
import type { RecordedRun } from '@prompt-perfect/core/api/account';
import type { TokenUsage } from '@prompt-perfect/core/api/stream';
import { ApiError, errorOf, isLocalhost, readJson, retryAfterSeconds } from './http';
import { postAcceptingStream } from './eventStream';
import { createStreamParser, STREAM_CONTENT_TYPE } from '@prompt-perfect/core/api/stream';
import type { ClaudeRequest, GenerateRequest } from '@prompt-perfect/core/api/types';

export interface StreamedAnswer {
  text: string;
  /** The caller stopped the run; `text` is what had arrived. */
  stopped: boolean;
  run?: RecordedRun;
  /** Visitor trial runs: what the server still allows. */
  remaining?: number;
  /** Answered by the offline optimizer, at once and not streamed. */
  offline?: boolean;
  /** The provider's token counts, when its stream reported them. */
  usage?: TokenUsage;
}

/** A stream that failed after text arrived: the message to show beside the partial text. */
export class StreamInterrupted extends ApiError {
  constructor(
    message: string,
    readonly partialText: string,
  ) {
    super(message, 200);
    this.name = 'StreamInterrupted';
  }
}

export interface StreamOptions {
  signal?: AbortSignal;
  onText: (textSoFar: string) => void;
}

/** An ordinary JSON answer: an error before any text, or an answer that is not streamed (offline). */
async function answerFromJson(response: Response, onText: (text: string) => void): Promise<StreamedAnswer> {
  const body = await readJson(response);
  if (!response.ok)
    throw new ApiError(
      errorOf(body) ?? proxyErrorText(response.status),
      response.status,
      body,
      retryAfterSeconds(response),
    );
  if (!body || typeof body !== 'object' || !('text' in body) || typeof body.text !== 'string') {
    throw new ApiError(errorOf(body) ?? proxyErrorText(response.status), response.status, body);
  }
  const answer = body as Omit<StreamedAnswer, 'stopped'>;
  onText(answer.text);
  return { ...answer, stopped: false };
}

async function answerFromEvents(response: Response, { signal, onText }: StreamOptions): Promise<StreamedAnswer> {
  if (!response.body) throw new Error('The server sent an empty stream.');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createStreamParser();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const events = done ? parser.end() : parser.push(value);
      const before = text;
      for (const event of events) {
        if (event.type === 'delta') text += event.text;
        else if (event.type === 'error') throw new StreamInterrupted(event.error, text);
        else {
          if (text !== before) onText(text);
          return { text, stopped: false, run: event.run, remaining: event.remaining, usage: event.usage };
        }
      }
      if (text !== before) onText(text);
      if (done) throw new StreamInterrupted(MSG.connectionError, text);
    }
  } catch (error) {
    if (signal?.aborted) return { text, stopped: true };
    if (error instanceof StreamInterrupted) throw error;
    throw new StreamInterrupted(MSG.connectionError, text);
  } finally {
    // Not cancel(): after an error event the server ends the response itself (and happy-dom's
    // fetch, which the unit tests run on, throws when a cancelled body then closes).
    reader.releaseLock();
  }
}

/** POSTs to a `.../stream` route and reads the answer as it arrives. */
async function streamAnswer(path: string, body: unknown, options: StreamOptions): Promise<StreamedAnswer> {
  const response = await postAcceptingStream(path, body, options.signal);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith(STREAM_CONTENT_TYPE) || !response.body) return answerFromJson(response, options.onText);
  return answerFromEvents(response, options);
}

/** A signed-in model call through the gateway, streamed. */
export const generateStream = (request: GenerateRequest, options: StreamOptions) =>
  streamAnswer('/api/generate/stream', request, options);

/** The spec's /api/claude contract, streamed, with its connection-failure messages. */
export async function callClaudeStream(request: ClaudeRequest, options: StreamOptions): Promise<StreamedAnswer> {
  try {
    return await streamAnswer('/api/claude/stream', request, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) throw new ApiError(proxyConnectionMessage(isLocalhost()), 0);
    throw error;
  }
}

/**
 * The visitor's trial run, streamed. A refused or failed run still reports the server's remaining
 * count: it is on the thrown ApiError's body.
 */
export const optimizeTrialStream = (prompt: string, options: StreamOptions) =>
  streamAnswer('/api/trial/optimize/stream', { prompt }, options);
