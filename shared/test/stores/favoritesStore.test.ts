import { beforeEach, describe, expect, it } from 'vitest';
import { sanitizeFavorites } from '../../src/account/cachedState';
import { isFavorited, previewText, useFavoritesStore, type Favorite } from '../../src/stores/favoritesStore';
import { scorePrompt } from '@prompt-perfect/core/progress/score';

const favorite = (id: number, original: string, optimized = `${original}.`): Favorite => ({
  id,
  originalPrompt: original,
  optimizedPrompt: optimized,
  technique: 'few-shot',
  language: 'French',
  tone: 'Witty',
  createdAt: new Date(Math.abs(id)).toISOString(),
  score: 50,
});

beforeEach(() => useFavoritesStore.getState().replaceFavorites([]));

describe('useFavoritesStore', () => {
  it('puts new favorites in front, once per id', () => {
    const { putFavorite } = useFavoritesStore.getState();
    putFavorite(favorite(1, 'a'));
    putFavorite(favorite(2, 'b'));
    putFavorite(favorite(1, 'a'));
    expect(useFavoritesStore.getState().favorites.map((f) => f.id)).toEqual([2, 1]);
    expect(isFavorited(useFavoritesStore.getState().favorites, 'a', 'a.')).toBe(true);
    expect(isFavorited(useFavoritesStore.getState().favorites, 'a', 'c.')).toBe(false);
  });

  it("swaps a local favorite for the server's copy in place, without a duplicate", () => {
    const { putFavorite, swapFavorite } = useFavoritesStore.getState();
    putFavorite(favorite(500, 'old'));
    putFavorite(favorite(-1, 'mine'));
    putFavorite(favorite(600, 'newest'));
    swapFavorite(-1, favorite(700, 'mine'));
    expect(useFavoritesStore.getState().favorites.map((f) => f.id)).toEqual([600, 700, 500]);
    // The server already listed it (a reload raced the save): still one copy.
    putFavorite(favorite(-2, 'again'));
    useFavoritesStore.getState().replaceFavorites([favorite(-2, 'again'), favorite(800, 'again')]);
    swapFavorite(-2, favorite(800, 'again'));
    expect(useFavoritesStore.getState().favorites.map((f) => f.id)).toEqual([800]);
  });

  it('drops by id', () => {
    useFavoritesStore.getState().replaceFavorites([favorite(1, 'a'), favorite(2, 'b')]);
    useFavoritesStore.getState().dropFavorite(1);
    expect(useFavoritesStore.getState().favorites.map((f) => f.id)).toEqual([2]);
  });
});

describe('sanitizeFavorites (a cached or legacy copy)', () => {
  it('drops corrupt entries one by one and repairs fixable fields', () => {
    const favorites = sanitizeFavorites({
      favorites: [
        {
          id: 1,
          originalPrompt: 'o',
          optimizedPrompt: 'Good.',
          technique: 'few-shot',
          language: 'German',
          tone: 'Witty',
          createdAt: '2025-01-01T00:00:00.000Z',
          score: 70,
        },
        { id: 'x', originalPrompt: 'o', optimizedPrompt: 'no numeric id' },
        { id: 2, originalPrompt: 5, optimizedPrompt: 'bad original' },
        null,
        'junk',
        { id: 3, originalPrompt: 'o3', optimizedPrompt: 'Fixable.', technique: 'magic', language: 'Klingon', tone: 42 },
        { id: 1, originalPrompt: 'dup', optimizedPrompt: 'dup id' },
      ],
    })!.favorites;
    expect(favorites.map((f) => f.id)).toEqual([1, 3]);
    expect(favorites[0].score).toBe(70);
    expect(favorites[1]).toMatchObject({
      technique: 'zero-shot',
      language: 'English',
      tone: 'Normal',
      score: scorePrompt('Fixable.'),
      createdAt: new Date(3).toISOString(),
    });
  });

  it.each([undefined, '"str"', { favorites: 'no' }])('bad data %j -> null', (raw) => {
    expect(sanitizeFavorites(raw)).toBeNull();
  });

  it('accepts a bare array', () => {
    expect(sanitizeFavorites([favorite(5, 'o')])!.favorites.map((f) => f.id)).toEqual([5]);
  });

  it('previews 100 and 150 characters', () => {
    expect(previewText('a'.repeat(100), 100)).toBe('a'.repeat(100));
    expect(previewText('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
  });

  it('ends a preview at a whole word, not mid-word', () => {
    const text = `${'word '.repeat(19)}prompting and more`;
    expect(text.slice(0, 100)).toMatch(/promp$/);
    expect(previewText(text, 100)).toBe(`${'word '.repeat(19).trim()}...`);
  });
});
