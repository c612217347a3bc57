import { describe, expect, it } from 'vitest';
import { anyOf, combine } from '../../src/lint/reading/phrases';

describe('phrase lists', () => {
  it('matches every phrase of a list as whole words, spaces stretching, special characters literal', () => {
    const re = new RegExp(`\\b${anyOf(['in depth', 'in detail', 'tl;dr', 'c++ code', 'detail'])}\\b`, 'i');
    for (const hit of ['go in  depth', 'explain in detail', 'TL;DR please', 'write c++ code'])
      expect(re.test(hit), hit).toBe(true);
    for (const miss of ['in-depth', 'detailed', 'c code']) expect(re.test(miss), miss).toBe(false);
  });
  it('shares the first words of phrases, so a long list stays a short expression', () => {
    const phrases = combine(['cover every', 'address every'], ['concern', 'question', 'edge case']);
    expect(phrases).toContain('address every edge case');
    const source = anyOf(phrases);
    expect(source.length).toBeLessThan(phrases.join('|').length);
    expect(new RegExp(`^${source}$`).test('cover every edge case')).toBe(true);
    expect(new RegExp(`^${source}$`).test('cover every')).toBe(false);
  });
});
