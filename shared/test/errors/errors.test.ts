import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  errorKindForStatus,
  isRetryableStatus,
  MAX_BACKOFF_MS,
  messageForKind,
  parseRetryAfterMs,
  RETRY_AFTER_LIMIT_MS,
  retryDelayMs,
} from '../../src/errors/providerStatus';
import { mapTrialError } from '../../src/errors/trialErrorMapping';

describe('mapTrialError (spec section 8)', () => {
  it.each([
    ['Incorrect API key provided: sk-***', 'API configuration error. Please contact support.'],
    ['invalid api_key', 'API configuration error. Please contact support.'],
    ['You exceeded your current QUOTA', 'Service temporarily unavailable. Please try again later.'],
    ['Billing hard limit reached', 'Service temporarily unavailable. Please try again later.'],
    ['Rate limit reached for gpt-4o-mini', 'Too many requests. Please wait a moment and try again.'],
    ['rate_limit_exceeded', 'Too many requests. Please wait a moment and try again.'],
    ['socket hang up', 'Sorry, there was an error optimizing your prompt. Please try again later or contact support.'],
    ['', 'Sorry, there was an error optimizing your prompt. Please try again later or contact support.'],
  ])('%j', (message, expected) => expect(mapTrialError(message)).toBe(expected));
  it('checks API key before quota before rate limit', () => {
    expect(mapTrialError('api key quota rate limit')).toBe('API configuration error. Please contact support.');
    expect(mapTrialError('quota and rate limit')).toBe('Service temporarily unavailable. Please try again later.');
  });
});

describe('provider status mapping (spec section 8)', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'authentication'],
    [403, 'permission_denied'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'unprocessable'],
    [429, 'rate_limit'],
    [500, 'server_error'],
    [503, 'server_error'],
    [599, 'server_error'],
    [undefined, 'connection'],
    [408, 'timeout'],
    [418, 'bad_request'],
  ] as const)('%s -> %s', (status, kind) => expect(errorKindForStatus(status)).toBe(kind));
  it('messages of the kinds without server text', () => {
    expect(messageForKind('aborted')).toBe('Request was aborted.');
    expect(messageForKind('connection')).toBe('Connection error.');
    expect(messageForKind('timeout')).toBe('Request timed out.');
    expect(messageForKind('rate_limit')).toBeUndefined();
  });
  it('retries on 408, 409, 429 and 5xx only', () => {
    for (const s of [408, 409, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [200, 400, 401, 403, 404, 422, 499, 600]) expect(isRetryableStatus(s)).toBe(false);
  });
  it('defaults: 2 retries, 600000 ms timeout, backoff up to 8 s, retry-after under 60 s', () => {
    expect(DEFAULT_MAX_RETRIES).toBe(2);
    expect(DEFAULT_TIMEOUT_MS).toBe(600000);
    expect(MAX_BACKOFF_MS).toBe(8000);
    expect(RETRY_AFTER_LIMIT_MS).toBe(60000);
  });
  it('backoff doubles from 0.5 s, caps at 8 s, jitter takes off at most 25%', () => {
    expect(retryDelayMs(0, undefined, () => 0)).toBe(500);
    expect(retryDelayMs(1, undefined, () => 0)).toBe(1000);
    expect(retryDelayMs(10, undefined, () => 0)).toBe(8000);
    expect(retryDelayMs(10, undefined, () => 1)).toBe(6000);
  });
  it('honours retry-after only under 60 s', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(parseRetryAfterMs('2', now)).toBe(2000);
    expect(parseRetryAfterMs('59.5', now)).toBe(59500);
    expect(parseRetryAfterMs('60', now)).toBeUndefined();
    expect(parseRetryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
    expect(retryDelayMs(0, 3000)).toBe(3000);
    expect(retryDelayMs(0, 60000, () => 0)).toBe(500);
  });
});
