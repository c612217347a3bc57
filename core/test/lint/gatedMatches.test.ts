import { describe, expect, it } from 'vitest';
import { gatedMatches, lineWords } from '../../src/lint/gatedMatches';

const spans = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, m[0]]);

function both(text: string, re: RegExp, leads: string[]) {
  return {
    gated: spans(gatedMatches(text, re, leads, lineWords(text, new Set(leads)))),
    scanned: spans(text.matchAll(re)),
  };
}

describe('gatedMatches: a pattern run only from lines holding its lead words', () => {
  it('finds what a whole-text scan finds, across lines and without overlap', () => {
    const text = [
      'Keep it under 50 words.',
      'Nothing here at all.',
      'Stay under',
      '200 words, or under 3 sentences; under under 9 words.',
      'é-under 4 lines and xunder 5 lines',
    ].join('\n');
    const re = /\b(?:under|stay under)\s+(\d+)\s+(?:words|sentences|lines)\b/gi;
    const { gated, scanned } = both(text, re, ['under']);
    expect(gated).toEqual(scanned);
    expect(gated.map(([, s]) => s)).toContain('Stay under\n200 words');
    expect(gated).toHaveLength(5);
  });

  it('skips lines without a lead word, and leaves the pattern reusable', () => {
    const text = 'Write in one sentence.\nA list of items.\nin ONE line';
    const re = /\b(?:in )?one (sentence|line)\b/gi;
    const { gated, scanned } = both(text, re, ['one']);
    expect(gated).toEqual(scanned);
    expect(gated).toEqual([
      [6, 'in one sentence'],
      [40, 'in ONE line'],
    ]);
    expect(re.lastIndex).toBe(0);
  });
});
