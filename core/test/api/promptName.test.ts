import { describe, expect, it } from 'vitest';
import { PROMPT_NAME, toPromptName } from '../../src/api/registry';

describe('toPromptName', () => {
  it('turns what a user types into the slug the server accepts', () => {
    for (const [typed, slug] of [
      ['Support reply', 'support-reply'],
      ['  Café  Menü v2! ', 'cafe-menu-v2'],
      ['already_a-slug', 'already_a-slug'],
      ['--Leading & trailing--', 'leading-trailing'],
    ]) {
      expect(toPromptName(typed)).toBe(slug);
      expect(PROMPT_NAME.test(toPromptName(typed))).toBe(true);
    }
    expect(toPromptName('!!!')).toBe('');
    expect(toPromptName('x'.repeat(200))).toHaveLength(80);
  });
});
