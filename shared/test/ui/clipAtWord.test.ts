import { expect, it } from 'vitest';
import { clipAtWord } from '../../src/ui/result/clipAtWord';

it('keeps a text that fits, whole', () => {
  expect(clipAtWord('Write a haiku', 13)).toBe('Write a haiku');
});

it('ends a longer text at the last whole word, without trailing punctuation', () => {
  expect(clipAtWord('Write a haiku about autumn leaves', 16)).toBe('Write a haiku…');
  expect(clipAtWord('Write a haiku, about autumn', 14)).toBe('Write a haiku…');
  // The word that ends exactly at the limit is whole.
  expect(clipAtWord('Write a haiku about', 13)).toBe('Write a haiku…');
});

it('cuts a single word longer than the preview where it must', () => {
  expect(clipAtWord('Supercalifragilistic', 5, '...')).toBe('Super...');
});
