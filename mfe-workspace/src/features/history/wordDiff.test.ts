import { describe, expect, it } from 'vitest';
import { wordSoup as text } from '@prompt-perfect/test-support/text/wordSoup';
import { wordDiff } from './wordDiff';

const rebuild = (parts: { kind: string; text: string }[], side: 'before' | 'after') =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === (side === 'before' ? 'removed' : 'added'))
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('marks added and removed words, and both texts can be rebuilt from the parts', async () => {
    const parts = await wordDiff(
      'Write a friendly e-mail. Keep it short.',
      'Write a warm e-mail. Add a discount code.',
    );
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toContain('friendly');
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toContain('warm');
    expect(rebuild(parts, 'before')).toBe('Write a friendly e-mail. Keep it short.');
    expect(rebuild(parts, 'after')).toBe('Write a warm e-mail. Add a discount code.');
  });

  it('finishes for two entirely different 20 KB texts (falling back to lines past its time limit), exact either way', async () => {
    const [a, b] = [text(1), text(2)];
    const parts = await wordDiff(a, b);
    expect(rebuild(parts, 'before')).toBe(a);
    expect(rebuild(parts, 'after')).toBe(b);
  }, 20_000);
});
