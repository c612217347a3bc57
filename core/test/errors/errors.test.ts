import { describe, expect, it } from 'vitest';
import { errorKindForStatus, messageForKind } from '../../src/errors/providerStatus';
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
});
