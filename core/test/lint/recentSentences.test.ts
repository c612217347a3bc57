import { describe, expect, it } from 'vitest';
import { lintPrompt } from '../../src/lint';
import { recentSentences } from '../../src/lint/recentSentences';

describe('recentSentences: what was read of a sentence, remembered across prompts', () => {
  it('reads a sentence once while it stays among the recent ones', () => {
    const read: string[] = [];
    const lengthOf = recentSentences((s: string) => {
      read.push(s);
      return s.length;
    }, 2);
    expect([lengthOf('Reply in French.'), lengthOf('Be brief.'), lengthOf('Reply in French.')]).toEqual([16, 9, 16]);
    expect(read).toEqual(['Reply in French.', 'Be brief.']);
  });

  it('forgets sentences two generations old, so memory stays bounded', () => {
    const read: string[] = [];
    const upper = recentSentences((s: string) => {
      read.push(s);
      return s.toUpperCase();
    }, 1);
    for (const s of ['a', 'b', 'c', 'a']) upper(s);
    expect(read).toEqual(['a', 'b', 'c', 'a']);
  });

  it('finds the same repeats in an edited long prompt as in a fresh one', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `Point ${i} of the brief covers topic number ${i}.`).join(' ');
    const prompt = (edit: string) =>
      `Only reply with the table. You'll only respond with the table. ${filler} Write for ${edit} readers.`;
    const dup = (t: string) => lintPrompt(t, {}, ['duplicate-instruction']).map((f) => [f.start, f.message]);
    const first = dup(prompt('busy'));
    const edited = dup(prompt('curious'));
    expect(first.length).toBeGreaterThan(0);
    expect(edited.map(([, m]) => m)).toEqual(first.map(([, m]) => m));
  });
});
