// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { FAVORITES_STORAGE_KEY, useFavoritesStore } from '../../src/stores/favoritesStore';
import { STATS_STORAGE_KEY, useStatsStore } from '../../src/stores/statsStore';
import { TRIAL_STORAGE_KEY } from '../../src/rules/trial';
import { useTrialStore } from '../../src/stores/trialStore';

/** What another tab does: write storage directly; this tab only sees the 'storage' event. */
function otherTabWrites(key: string, value: string) {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

describe('stores follow changes made in another tab', () => {
  beforeEach(() => {
    localStorage.clear();
    useStatsStore.getState().resetStats();
  });

  it('stats: a run recorded in another tab shows here, and is not overwritten by this tab', async () => {
    useStatsStore.getState().recordRun(40);
    const other = JSON.parse(localStorage.getItem(STATS_STORAGE_KEY)!);
    other.state = { ...other.state, xp: 150, totalPrompts: 5 };
    otherTabWrites(STATS_STORAGE_KEY, JSON.stringify(other));
    await Promise.resolve();
    expect(useStatsStore.getState()).toMatchObject({ xp: 150, totalPrompts: 5 });

    useStatsStore.getState().recordRun(40);
    expect(useStatsStore.getState().totalPrompts).toBe(6);
  });

  it('favorites: one saved in another tab appears here', async () => {
    const saved = {
      id: 1,
      originalPrompt: 'write a haiku',
      optimizedPrompt: 'Write a haiku about autumn.',
      technique: 'zero-shot',
      language: 'English',
      tone: 'Normal',
      createdAt: new Date(0).toISOString(),
      score: 60,
    };
    otherTabWrites(FAVORITES_STORAGE_KEY, JSON.stringify({ state: { favorites: [saved] }, version: 0 }));
    await Promise.resolve();
    expect(useFavoritesStore.getState().favorites.map((f) => f.originalPrompt)).toEqual(['write a haiku']);
  });

  it('trial: a run in another tab lowers the remaining count here', () => {
    otherTabWrites(TRIAL_STORAGE_KEY, '4');
    expect(useTrialStore.getState().count).toBe(4);
  });
});
