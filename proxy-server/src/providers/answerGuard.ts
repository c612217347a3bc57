/**
 * What every model answer must pass before it counts (issue 29): a streamed answer is complete only
 * when the provider said so (its finish reason), it must not go silent for longer than the idle
 * timeout, and no answer may be longer than the cap. Failures are ProviderErrors with a clear message.
 */
import { answerCutShort, answerEmpty, answerStalled, answerTooLong, MSG } from '@prompt-perfect/core/messages';
import { ProviderError, type UpstreamName } from './providerError';

export interface AnswerLimits {
  /** A stream that sends nothing for this long is aborted. */
  idleTimeoutMs: number;
  maxAnswerChars: number;
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = { idleTimeoutMs: 60_000, maxAnswerChars: 1_000_000 };

function tooLong(name: UpstreamName, limits: AnswerLimits): ProviderError {
  const message = answerTooLong(name, limits.maxAnswerChars);
  return new ProviderError('invalid_response', message, 502, message);
}

/** Throws when a whole (not streamed) answer is over the cap. */
export function checkAnswerLength(text: string, name: UpstreamName, limits: AnswerLimits): string {
  if (text.length > limits.maxAnswerChars) throw tooLong(name, limits);
  return text;
}

/** Throws when an answer, whole or streamed to its end, holds no text (only whitespace, or nothing). */
export function refuseEmpty(text: string, name: UpstreamName): string {
  if (text.trim()) return text;
  const message = answerEmpty(name);
  throw new ProviderError('invalid_response', message, 502, message);
}

export interface StreamGuard {
  /** The caller's signal, also aborted when the stream idles or grows too long. */
  readonly signal: AbortSignal;
  /** Call for every event received: resets the idle timer. */
  received(): void;
  /** Counts a piece of text; false (and the stream aborted) once the answer is over the cap. */
  accept(piece: string): boolean;
  /** The provider's finish reason arrived. */
  finished(): void;
  /**
   * Call when the stream ended or threw: the error to throw instead, if the guard stopped it or
   * it ended without a finish reason. `err` is what the SDK threw, if anything.
   */
  outcome(err?: unknown): unknown;
}

class GuardStop extends Error {
  constructor(readonly failure: ProviderError) {
    super(failure.message);
  }
}

export function guardStream(name: UpstreamName, signal: AbortSignal, limits: AnswerLimits): StreamGuard {
  const own = new AbortController();
  let length = 0;
  let complete = false;
  const stop = (failure: ProviderError) => {
    if (!own.signal.aborted) own.abort(new GuardStop(failure));
  };
  const onIdle = () => {
    const message = answerStalled(name, limits.idleTimeoutMs);
    stop(new ProviderError('timeout', message, 504, message));
  };
  const timer = setTimeout(onIdle, limits.idleTimeoutMs);
  timer.unref();
  const settle = () => clearTimeout(timer);
  return {
    signal: AbortSignal.any([signal, own.signal]),
    received() {
      timer.refresh();
    },
    accept(piece) {
      length += piece.length;
      if (length <= limits.maxAnswerChars) return true;
      stop(tooLong(name, limits));
      return false;
    },
    finished() {
      complete = true;
    },
    outcome(err) {
      settle();
      if (own.signal.reason instanceof GuardStop) return own.signal.reason.failure;
      if (err !== undefined) return err;
      if (complete) return undefined;
      // The SDKs end an aborted stream quietly: that is an abort, not an answer.
      if (signal.aborted) return new ProviderError('aborted', MSG.requestAborted, 499, MSG.requestAborted);
      const message = answerCutShort(name);
      return new ProviderError('invalid_response', message, 502, message);
    },
  };
}
