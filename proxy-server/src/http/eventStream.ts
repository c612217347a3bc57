/**
 * Server-Sent Events on a response, opened lazily with the first text: until then the request can
 * still fail with an ordinary JSON error and its status. Headers defeat proxy buffering
 * (X-Accel-Buffering: no) and any compression or transformation (no-transform).
 */
import type { Response } from 'express';
import { encodeStreamEvent, STREAM_CONTENT_TYPE, type StreamEvent } from '@prompt-perfect/core/api/stream';
import { createStreamingStripper } from '@prompt-perfect/core/prompt/streamingStrip';

export interface TextStream {
  /** Passes a provider's piece on (after leading-phrase stripping when asked). */
  push(piece: string): void;
  /** Whether any text has been sent, i.e. the event stream is open. */
  readonly started: boolean;
  /** All text sent so far. */
  readonly text: string;
  /** Flushes held-back text and sends `done`. */
  finish(done: Omit<Extract<StreamEvent, { type: 'done' }>, 'type'>): void;
  /** Sends an error event after text was sent, and ends the stream. */
  fail(message: string): void;
}

/** Sends the headers that open an event stream: 200, no buffering by proxies, no transformation. */
export function openEventStream(res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', `${STREAM_CONTENT_TYPE}; charset=utf-8`);
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.socket?.setNoDelay(true);
  res.flushHeaders();
}

export function createTextStream(res: Response, options: { stripLeadingPhrases: boolean }): TextStream {
  const stripper = options.stripLeadingPhrases ? createStreamingStripper() : undefined;
  let started = false;
  let text = '';

  const open = () => {
    if (started) return;
    started = true;
    openEventStream(res);
  };

  const send = (event: StreamEvent) => {
    if (res.writableEnded || res.destroyed) return;
    open();
    res.write(encodeStreamEvent(event));
  };

  const sendText = (piece: string) => {
    if (!piece) return;
    text += piece;
    send({ type: 'delta', text: piece });
  };

  return {
    push(piece) {
      sendText(stripper ? stripper.push(piece) : piece);
    },
    get started() {
      return started;
    },
    get text() {
      return text;
    },
    finish(done) {
      if (stripper) sendText(stripper.end());
      send({ type: 'done', ...done });
      res.end();
    },
    fail(message) {
      send({ type: 'error', error: message });
      res.end();
    },
  };
}
