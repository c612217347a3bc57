/**
 * [prove] results as Server-Sent Events, or as one JSON body for callers that do not accept
 * text/event-stream. The stream opens with the first event, so earlier failures are ordinary JSON
 * errors with their status; later ones are an `error` event.
 */
import type { Request, Response } from 'express';
import { encodeStreamEvent, STREAM_CONTENT_TYPE } from '@prompt-perfect/core/api/stream';
import type { EvaluationEvent, OptimizationEvent } from '@prompt-perfect/core/api/prove';
import { openEventStream } from '../../http/eventStream';

export interface ProveEventStream<E> {
  readonly streaming: boolean;
  readonly started: boolean;
  send(event: E): void;
  /** Ends the stream, or answers the JSON body when not streaming. */
  finish(json: unknown): void;
  /** After the stream started: an error event. Before: false, and the caller throws instead. */
  fail(message: string): boolean;
}

function wantsEventStream(req: Request): boolean {
  return (req.get('accept') ?? '').includes(STREAM_CONTENT_TYPE);
}

export function createProveEventStream<E extends EvaluationEvent | OptimizationEvent>(
  req: Request,
  res: Response,
): ProveEventStream<E> {
  const streaming = wantsEventStream(req);
  let started = false;
  const open = () => {
    started = true;
    openEventStream(res);
  };
  const write = (event: E) => {
    if (res.writableEnded || res.destroyed) return;
    if (!started) open();
    res.write(encodeStreamEvent(event));
  };
  return {
    streaming,
    get started() {
      return started;
    },
    send(event) {
      if (streaming) write(event);
    },
    finish(json) {
      if (res.writableEnded || res.destroyed) return;
      if (streaming) res.end();
      else res.json(json);
    },
    fail(message) {
      if (!started) return false;
      write({ type: 'error', error: message } as E);
      res.end();
      return true;
    },
  };
}
