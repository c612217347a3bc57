import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelInfo } from '@prompt-perfect/core/catalog/providers';
import { buildOpenAIChatRequest, createOpenAIProvider } from '../src/providers/openaiProvider';
import { buildTrialRequest } from '../src/features/trial/trialOptimizer';
import { buildTrialInstruction } from '@prompt-perfect/core/prompt/buildRequests';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';

/** A catalogue of our own: the shipped one has no o1-type model (spec: all isO1 false). */
const CATALOGUE: ModelInfo[] = [
  { id: 'o1-preview', name: 'o1 preview', description: 'reasoning', isO1: true },
  { id: 'gpt-4o', name: 'GPT-4o', description: 'chat', isO1: false },
];

describe('OpenAI request shapes', () => {
  it('o1-type: one combined user message, max_completion_tokens 1000, temperature 1', () => {
    expect(buildOpenAIChatRequest(CATALOGUE[0], 'SYSTEM', 'USER')).toEqual({
      model: 'o1-preview',
      messages: [{ role: 'user', content: 'SYSTEM\n\nUSER' }],
      max_completion_tokens: 1000,
      temperature: 1,
    });
  });

  it('others: system + user, max_tokens 1000, temperature 0.7', () => {
    expect(buildOpenAIChatRequest(CATALOGUE[1], 'SYSTEM', 'USER')).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'SYSTEM' },
        { role: 'user', content: 'USER' },
      ],
      max_tokens: 1000,
      temperature: 0.7,
    });
  });

  it('trial: gpt-4o-mini, one user message with the instruction, max_tokens 500, temperature 0.7', () => {
    expect(buildTrialRequest('make me a poem', 'gpt-4o-mini')).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: buildTrialInstruction('make me a poem') }],
      max_tokens: 500,
      temperature: 0.7,
    });
  });

  describe('through the real SDK to the fake', () => {
    let fake: FakeUpstream;
    beforeAll(async () => {
      fake = await startFakeOpenAI();
    });
    afterAll(() => fake.close());

    it('the o1-type body reaches the wire unchanged', async () => {
      const provider = createOpenAIProvider({ apiKey: 'sk-x', baseURL: fake.baseURL, timeoutMs: 2000, maxRetries: 0 });
      fake.respondWith({ kind: 'text', text: 'reasoned' });
      const text = await provider.complete(buildOpenAIChatRequest(CATALOGUE[0], 'S', 'U'));
      expect(text).toBe('reasoned');
      expect(fake.requests[0].body).toEqual({
        model: 'o1-preview',
        messages: [{ role: 'user', content: 'S\n\nU' }],
        max_completion_tokens: 1000,
        temperature: 1,
      });
    });
  });
});
