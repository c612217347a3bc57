import { beforeEach, describe, expect, it } from 'vitest';
import { FAVORITES_STORAGE_KEY, isFavorited, previewText, useFavoritesStore, type NewFavorite } from '../../src/stores/favoritesStore';
import { scorePrompt } from '../../src/rules/score';
import { installMemoryStorage, MemoryStorage, removeStorage } from '../helpers/memoryStorage';

let ls: MemoryStorage;
const fav = (original: string, optimized: string): NewFavorite => ({
  originalPrompt: original,
  optimizedPrompt: optimized,
  technique: 'few-shot',
  language: 'French',
  tone: 'Witty',
});

async function loadFrom(raw: string | null): Promise<void> {
  // setState writes through persist, so reset the store first, then plant the stored value.
  useFavoritesStore.setState({ favorites: [] });
  ls.clear();
  if (raw !== null) ls.setItem(FAVORITES_STORAGE_KEY, raw);
  await useFavoritesStore.persist.rehydrate();
}

beforeEach(async () => {
  ls = installMemoryStorage();
  await loadFrom(null);
});

describe('useFavoritesStore', () => {
  it('adds a favorite with id = timestamp, ISO date and the score of the optimized prompt', () => {
    const now = Date.UTC(2025, 4, 1);
    const f = useFavoritesStore.getState().addFavorite(fav('dogs', 'Write a detailed blog post about dogs.'), now)!;
    expect(f).toEqual({
      ...fav('dogs', 'Write a detailed blog post about dogs.'),
      id: now,
      createdAt: new Date(now).toISOString(),
      score: scorePrompt('Write a detailed blog post about dogs.'),
    });
    expect(JSON.parse(ls.getItem(FAVORITES_STORAGE_KEY)!).state.favorites).toEqual([f]);
  });

  it('refuses the same original+optimized pair, allows a different one', () => {
    const { addFavorite } = useFavoritesStore.getState();
    expect(addFavorite(fav('a', 'A.'))).not.toBeNull();
    expect(addFavorite(fav('a', 'A.'))).toBeNull();
    expect(addFavorite(fav('a', 'B.'))).not.toBeNull();
    expect(useFavoritesStore.getState().favorites).toHaveLength(2);
    expect(isFavorited(useFavoritesStore.getState().favorites, 'a', 'A.')).toBe(true);
    expect(isFavorited(useFavoritesStore.getState().favorites, 'a', 'C.')).toBe(false);
  });

  it('gives unique ids within one millisecond, newest first', () => {
    const { addFavorite } = useFavoritesStore.getState();
    const ids = [1, 2, 3].map((i) => addFavorite(fav(`p${i}`, `o${i}`), 1000)!.id);
    expect(new Set(ids).size).toBe(3);
    expect(useFavoritesStore.getState().favorites.map((f) => f.originalPrompt)).toEqual(['p3', 'p2', 'p1']);
  });

  it('removes by id', () => {
    const f = useFavoritesStore.getState().addFavorite(fav('a', 'A.'))!;
    useFavoritesStore.getState().removeFavorite(f.id);
    expect(useFavoritesStore.getState().favorites).toEqual([]);
    expect(isFavorited(useFavoritesStore.getState().favorites, 'a', 'A.')).toBe(false);
  });

  it('drops corrupt entries one by one and repairs fixable fields', async () => {
    await loadFrom(
      JSON.stringify({
        state: {
          favorites: [
            { id: 1, originalPrompt: 'o', optimizedPrompt: 'Good.', technique: 'few-shot', language: 'German', tone: 'Witty', createdAt: '2025-01-01T00:00:00.000Z', score: 70 },
            { id: 'x', originalPrompt: 'o', optimizedPrompt: 'no numeric id' },
            { id: 2, originalPrompt: 5, optimizedPrompt: 'bad original' },
            null,
            'junk',
            { id: 3, originalPrompt: 'o3', optimizedPrompt: 'Fixable.', technique: 'magic', language: 'Klingon', tone: 42 },
            { id: 1, originalPrompt: 'dup', optimizedPrompt: 'dup id' },
          ],
        },
        version: 0,
      }),
    );
    const favorites = useFavoritesStore.getState().favorites;
    expect(favorites.map((f) => f.id)).toEqual([1, 3]);
    expect(favorites[0].score).toBe(70);
    expect(favorites[1]).toMatchObject({ technique: 'zero-shot', language: 'English', tone: 'Normal', score: scorePrompt('Fixable.'), createdAt: new Date(3).toISOString() });
  });

  it.each(['{bad', '"str"', '{"state":{"favorites":"no"}}'])('bad data %j -> empty list', async (raw) => {
    await loadFrom(raw);
    expect(useFavoritesStore.getState().favorites).toEqual([]);
  });

  it('accepts a bare array of favorites', async () => {
    await loadFrom(JSON.stringify([{ id: 5, originalPrompt: 'o', optimizedPrompt: 'p.', technique: 'zero-shot', language: 'English', tone: 'Normal', createdAt: '2025-01-01T00:00:00.000Z', score: 10 }]));
    expect(useFavoritesStore.getState().favorites.map((f) => f.id)).toEqual([5]);
  });

  it('works without localStorage', () => {
    removeStorage();
    expect(useFavoritesStore.getState().addFavorite(fav('n', 'N.'))).not.toBeNull();
  });

  it('previews 100 and 150 characters', () => {
    expect(previewText('a'.repeat(100), 100)).toBe('a'.repeat(100));
    expect(previewText('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
  });
});
