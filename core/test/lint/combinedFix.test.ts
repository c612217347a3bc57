import { describe, expect, it } from 'vitest';
import { applyFix, lintPrompt } from '../../src/lint/index';
import { combinedFix } from '../../src/lint/text';

describe('combinedFix ("Fix all")', () => {
  it('makes every fix in one edit, as applying them one by one would', () => {
    const text = 'abc def ghi jkl';
    const fixes = [
      { start: 12, end: 15, text: 'JKL' },
      { start: 0, end: 3, text: 'A' },
      { start: 8, end: 11, text: '' },
    ];
    const edit = combinedFix(text, fixes);
    expect(edit).toEqual({ start: 0, end: 15, text: 'A def  JKL' });
    expect(applyFix(text, edit!)).toBe('A def  JKL');
  });

  it('leaves out a fix that overlaps one already taken, and has nothing to do with no fixes', () => {
    const edit = combinedFix('abcdef', [
      { start: 1, end: 4, text: 'X' },
      { start: 3, end: 5, text: 'Y' },
    ]);
    expect(applyFix('abcdef', edit!)).toBe('aXef');
    expect(combinedFix('abc', [])).toBeNull();
  });

  it("fixes a real prompt's findings together, and the fixed findings are gone", () => {
    const text = 'Use a friendly tone. Summarize the report in a few bullet points. Use a friendly tone.';
    const fixes = lintPrompt(text).flatMap((f) => (f.fix ? [f.fix] : []));
    expect(fixes.length).toBeGreaterThan(1);
    const fixed = applyFix(text, combinedFix(text, fixes)!);
    expect(lintPrompt(fixed).filter((f) => f.fix)).toHaveLength(0);
  });
});
