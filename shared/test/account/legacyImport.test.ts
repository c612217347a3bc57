import { beforeEach, describe, expect, it } from 'vitest';
import { discardLegacyData, findLegacyData, LEGACY_SETTINGS_STORAGE_KEY } from '../../src/account/legacyImport';
import { LEGACY_FAVORITES_STORAGE_KEY } from '../../src/stores/favoritesStore';
import { LEGACY_STATS_STORAGE_KEY } from '../../src/stores/statsStore';
import { TRIAL_STORAGE_KEY } from '@prompt-perfect/core/trial';
import { installMemoryStorage, type MemoryStorage } from '../helpers/memoryStorage';

let ls: MemoryStorage;
beforeEach(() => {
  ls = installMemoryStorage();
});

const oldFavorite = (id: number) => ({
  id,
  originalPrompt: `o${id}`,
  optimizedPrompt: `Optimized ${id}.`,
  technique: 'zero-shot',
  language: 'English',
  tone: 'Normal',
});

describe('the old unscoped keys', () => {
  it('counts the usable favorites and the xp they hold (zustand envelope or bare)', () => {
    ls.setItem(
      LEGACY_FAVORITES_STORAGE_KEY,
      JSON.stringify({ state: { favorites: [oldFavorite(1), { junk: true }, oldFavorite(2)] }, version: 0 }),
    );
    ls.setItem(LEGACY_STATS_STORAGE_KEY, JSON.stringify({ xp: 250, totalPrompts: 6, streak: 2 }));
    expect(findLegacyData()).toMatchObject({ favoriteCount: 2, xp: 250 });
  });

  it('offers nothing for empty, default or corrupt data', () => {
    expect(findLegacyData()).toBeNull();
    ls.setItem(LEGACY_STATS_STORAGE_KEY, JSON.stringify({ state: { xp: 0, totalPrompts: 0 }, version: 0 }));
    ls.setItem(LEGACY_FAVORITES_STORAGE_KEY, '{"state": {"favorites": [tru');
    expect(findLegacyData()).toBeNull();
  });

  it('discard removes favorites, stats and the old settings', () => {
    for (const key of [LEGACY_FAVORITES_STORAGE_KEY, LEGACY_STATS_STORAGE_KEY, LEGACY_SETTINGS_STORAGE_KEY])
      ls.setItem(key, '{}');
    ls.setItem(TRIAL_STORAGE_KEY, '3');
    discardLegacyData();
    expect(ls.length).toBe(1);
    expect(ls.getItem(TRIAL_STORAGE_KEY)).toBe('3');
  });
});
