import { MSG } from '../messages';

/** Provider SDK error kinds (spec section 8), the same names as the openai SDK's error classes. */
export type ProviderErrorKind =
  | 'bad_request'
  | 'authentication'
  | 'permission_denied'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limit'
  | 'server_error'
  | 'connection'
  | 'aborted'
  | 'timeout';

export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_TIMEOUT_MS = 600_000;
export const INITIAL_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;
/** A retry-after header is honoured only when it asks for less than this. */
export const RETRY_AFTER_LIMIT_MS = 60_000;

export const ABORTED_MESSAGE = MSG.requestAborted;
export const CONNECTION_ERROR_MESSAGE = MSG.connectionError;
export const TIMEOUT_MESSAGE = MSG.requestTimedOut;

/** Parse errors of a completed response (openai SDK wording). */
export const LENGTH_LIMIT_MESSAGE = 'Could not parse response content as the length limit was reached';
export const CONTENT_FILTER_MESSAGE = 'Could not parse response content as the request was rejected by the content filter';

const BY_STATUS: Record<number, ProviderErrorKind> = {
  400: 'bad_request',
  401: 'authentication',
  403: 'permission_denied',
  404: 'not_found',
  408: 'timeout',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limit',
};

/**
 * 400/401/403/404/409/422/429 as in the spec, 500 and above server error, no status a
 * connection error. Statuses the spec does not name: 408 -> timeout, any other -> bad_request.
 */
export function errorKindForStatus(status: number | undefined): ProviderErrorKind {
  if (status === undefined || status === null || !Number.isFinite(status) || status <= 0) return 'connection';
  if (status >= 500) return 'server_error';
  return BY_STATUS[status] ?? 'bad_request';
}

/** Retries on 408, 409, 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599);
}

/** The fixed message of the kinds that carry no server text. */
export function messageForKind(kind: ProviderErrorKind): string | undefined {
  if (kind === 'aborted') return ABORTED_MESSAGE;
  if (kind === 'connection') return CONNECTION_ERROR_MESSAGE;
  if (kind === 'timeout') return TIMEOUT_MESSAGE;
  return undefined;
}

/**
 * Parses a retry-after value (seconds, or an HTTP date) into milliseconds; undefined when absent,
 * unparsable, negative, or not under RETRY_AFTER_LIMIT_MS.
 */
export function parseRetryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return ms >= 0 && ms < RETRY_AFTER_LIMIT_MS ? ms : undefined;
}

/**
 * Delay before retry number `retriesDone + 1`: the retry-after value if honoured, else exponential
 * backoff from 0.5 s doubling, capped at 8 s, with up to 25% jitter taken off.
 */
export function retryDelayMs(retriesDone: number, retryAfterMs?: number, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0 && retryAfterMs < RETRY_AFTER_LIMIT_MS) return retryAfterMs;
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** Math.max(0, retriesDone), MAX_BACKOFF_MS);
  const jitter = 1 - random() * 0.25;
  return base * jitter;
}
