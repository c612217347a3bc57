import { describe, expect, it } from 'vitest';
import { isO1Family, looksLikeChatModel } from '../../src/catalog/modelFamily';

describe('model families', () => {
  it('o-series models take the o1 request shape; others the plain chat shape', () => {
    for (const id of ['o1', 'o1-mini', 'o3', 'o3-mini-2025-01-31', 'o4-mini']) expect(isO1Family(id), id).toBe(true);
    for (const id of ['gpt-4o', 'gpt-4o-mini', 'llama3.2:3b', 'omni-model', 'qwen2.5:7b', 'mistral-large'])
      expect(isO1Family(id), id).toBe(false);
  });

  it('leaves embeddings, speech and image models out of a discovered list', () => {
    for (const id of [
      'text-embedding-3-small',
      'nomic-embed-text:latest',
      'whisper-1',
      'tts-1-hd',
      'dall-e-3',
      'omni-moderation-latest',
      'gpt-4o-realtime-preview',
      'gpt-image-1',
      'babbage-002',
    ]) {
      expect(looksLikeChatModel(id), id).toBe(false);
    }
    for (const id of [
      'gpt-4o',
      'llama3.2:3b',
      'qwen2.5-coder:7b',
      'claude-3-5-haiku-20241022',
      'o3-mini',
      'mistral-nemo',
    ])
      expect(looksLikeChatModel(id), id).toBe(true);
  });
});
