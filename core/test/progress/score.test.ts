import { describe, expect, it } from 'vitest';
import { scorePrompt, wordCount } from '../../src/progress/score';

/** n tokens of "ab" ending with a full stop: 3n chars, no keyword, so it scores only the word band. */
const words = (n: number, end = '.') => Array.from({ length: n }, () => 'ab').join(' ') + end;
/** Nine plain words, 27 characters, ends with '.', scores exactly the base 30. */
const NINE = words(9);

describe('scorePrompt: base and word-count bands (spec section 9)', () => {
  it('scores the base 30 for a plain 9-word sentence', () => {
    expect(wordCount(NINE)).toBe(9);
    expect(scorePrompt(NINE)).toBe(30);
  });
  it.each([
    [9, 30],
    [10, 40],
    [19, 40],
    [20, 50],
    [200, 50],
    [201, 30],
  ])('%i words -> %i', (n, expected) => {
    const text = words(n);
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(scorePrompt(text)).toBe(expected);
  });
  it('counts words as whitespace-separated tokens (tabs, newlines, repeated spaces)', () => {
    expect(wordCount('  a\tb\n\nc   d ')).toBe(4);
    expect(wordCount('')).toBe(0);
  });
});

describe('scorePrompt: bonuses, each once', () => {
  it.each([
    ['question mark', 'ab ab ab ab ab ab ab ab ab?', 35],
    ['please', 'please ab ab ab ab ab ab ab ab.', 35],
    ['kindly', 'Kindly ab ab ab ab ab ab ab ab.', 35],
    ['could you', 'could you ab ab ab ab ab ab ab.', 35],
    ['specific', 'specific ab ab ab ab ab ab ab ab.', 40],
    ['detailed', 'detailed ab ab ab ab ab ab ab ab.', 40],
    ['comprehensive', 'Comprehensive ab ab ab ab ab ab ab ab.', 40],
    ['example', 'examples ab ab ab ab ab ab ab ab.', 40],
    ['format', 'FORMAT ab ab ab ab ab ab ab ab.', 40],
    ['style', 'style ab ab ab ab ab ab ab ab.', 40],
    ['colon', 'ab ab ab ab ab ab ab ab: ab.', 35],
    ['dash', 'ab-ab ab ab ab ab ab ab ab ab.', 35],
    ['bullet', '\u2022ab ab ab ab ab ab ab ab ab.', 35],
    ['two line breaks', 'ab ab ab\nab ab ab\nab ab ab.', 35],
  ])('%s', (_name, text, expected) => {
    expect(wordCount(text)).toBe(9);
    expect(scorePrompt(text)).toBe(expected);
  });
  it('a single line break earns nothing', () => {
    expect(scorePrompt('ab ab ab ab\nab ab ab ab ab.')).toBe(30);
  });
  it('synonyms in one group count once', () => {
    expect(scorePrompt('specific detailed comprehensive ab ab ab ab ab ab.')).toBe(40);
    expect(scorePrompt('example format style ab ab ab ab ab ab.')).toBe(40);
    expect(scorePrompt('please kindly could you ab ab ab ab ab.')).toBe(35);
  });
  it('keywords match at word starts, not inside other words', () => {
    expect(scorePrompt('information ab ab ab ab ab ab ab ab.')).toBe(30);
    expect(scorePrompt('specifically ab ab ab ab ab ab ab ab.')).toBe(40);
  });
  it('reaches 95 with every bonus, the maximum possible', () => {
    const all =
      'Could you write a specific, detailed summary of the report for our team?\nUse this format:\n- key findings\n- next steps\nKeep the style short and the tone neutral, please.';
    expect(scorePrompt(all)).toBe(95);
  });
});

describe('scorePrompt: penalties and clamping', () => {
  it('-20 under 20 characters (19 vs 20)', () => {
    expect(scorePrompt('Tell me a joke now.'.padStart(19, 'x'))).toBe(10);
    expect('abcdefghijklmnopqr.'.length).toBe(19);
    expect(scorePrompt('abcdefghijklmnopqr.')).toBe(10);
    expect(scorePrompt('abcdefghijklmnopqrs.')).toBe(30);
  });
  it('-10 over 1000 characters (1000 vs 1001)', () => {
    const t1000 = `${'a'.repeat(999)}.`;
    const t1001 = `${'a'.repeat(1000)}.`;
    expect(scorePrompt(t1000)).toBe(30);
    expect(scorePrompt(t1001)).toBe(20);
  });
  it('-5 when not ending with . ! or ?', () => {
    expect(scorePrompt(words(9, ''))).toBe(25);
    expect(scorePrompt(words(9, '!'))).toBe(30);
    expect(scorePrompt(words(9, ';'))).toBe(25);
  });
  it('trims surrounding whitespace before scoring', () => {
    expect(scorePrompt(`  ${NINE}  \n\n`)).toBe(30);
  });
  it('stays within 0..100: the lowest reachable score is 5, the empty string', () => {
    expect(scorePrompt('')).toBe(5);
    expect(scorePrompt('   ')).toBe(5);
    expect(scorePrompt(undefined as unknown as string)).toBe(5);
    expect(scorePrompt('x'.repeat(5000))).toBe(15);
  });
});
