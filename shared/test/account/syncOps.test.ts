import { describe, expect, it } from 'vitest';
import { sanitizeOps } from '../../src/account/syncOps';

const favorite = {
  id: -1700000000000,
  originalPrompt: 'write a haiku',
  optimizedPrompt: 'Write a haiku about autumn.',
  technique: 'zero-shot',
  language: 'Spanish',
  tone: 'Concise',
  createdAt: '2026-11-01T00:00:00.000Z',
  score: 40,
};

describe('sanitizeOps (the outbox read back from localStorage)', () => {
  it('keeps every valid change in order and skips the unusable ones', () => {
    const stored = [
      { type: 'favorite-add', favorite },
      { type: 'favorite-add', favorite: { id: 'x' } },
      { type: 'favorite-remove', id: 42 },
      { type: 'favorite-remove', id: '42' },
      { type: 'settings', settings: { aiEnabled: true, defaultTechnique: 'no-such-technique' } },
      { type: 'settings', settings: 'dark' },
      { type: 'run', run: { input: 'a', output: 'b', kind: 'perfect' } },
      { type: 'run', run: { input: 'a' } },
      { type: 'unknown' },
      null,
      'favorite-add',
    ];
    const ops = sanitizeOps(stored);
    expect(ops.map((op) => op.type)).toEqual(['favorite-add', 'favorite-remove', 'settings', 'run']);
    expect(ops[0]).toEqual({ type: 'favorite-add', favorite });
    expect(ops[1]).toEqual({ type: 'favorite-remove', id: 42 });
    // An unknown technique falls back to the default; the valid field is kept.
    expect(ops[2]).toEqual({
      type: 'settings',
      settings: { aiEnabled: true, defaultTechnique: 'zero-shot', defaultProvider: 'openai', timeZone: null },
    });
    expect(ops[3]).toEqual({ type: 'run', run: { input: 'a', output: 'b', kind: 'perfect' } });
  });

  it('reads anything that is not a list as an empty queue', () => {
    expect(sanitizeOps({ type: 'settings' })).toEqual([]);
    expect(sanitizeOps('[]')).toEqual([]);
    expect(sanitizeOps(undefined)).toEqual([]);
  });
});
