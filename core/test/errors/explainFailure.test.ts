import { describe, expect, it } from 'vitest';
import { explainFailure } from '../../src/errors/explainFailure';
import { MSG, providerNotConfigured, tooManyRuns } from '../../src/messages';

describe('explainFailure', () => {
  it("puts the provider's own words under Details and says what to do next", () => {
    expect(explainFailure('OpenAI API error: upstream exploded', 502)).toEqual({
      sentence: 'The model provider could not answer. Press Retry; if it fails again, pick another model.',
      details: 'OpenAI API error: upstream exploded',
    });
    expect(explainFailure('Claude Service Error: Overloaded', 429)).toEqual({
      sentence: 'The model provider is limiting requests right now. Wait a moment, then press Retry.',
      details: 'Claude Service Error: Overloaded',
    });
  });

  it('turns the SDK kinds and a bare proxy status into sentences, keeping the original as the details', () => {
    expect(explainFailure(MSG.connectionError).details).toBe(MSG.connectionError);
    expect(explainFailure(MSG.connectionError).sentence).toMatch(/then press Retry\.$/);
    expect(explainFailure(MSG.requestTimedOut).sentence).toMatch(/^The model provider took too long/);
    expect(explainFailure('Proxy Error: 502')).toEqual({
      sentence: 'The server could not answer (status 502). Wait a moment, then press Retry.',
      details: 'Proxy Error: 502',
    });
  });

  it('leaves our own messages, already sentences with what to do, as they are', () => {
    for (const own of [providerNotConfigured('OpenAI'), tooManyRuns(3), MSG.claudeServiceUnavailable])
      expect(explainFailure(own)).toEqual({ sentence: own });
    expect(
      explainFailure(
        'OpenAI API error: the API key configured on the server was rejected. Please contact the administrator.',
      ),
    ).toEqual({ sentence: 'The API key configured on the server was rejected. Please contact the administrator.' });
  });
});
