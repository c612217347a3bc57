// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountSync } from '@prompt-perfect/shared/account/accountSync';
import { userCacheKey } from '@prompt-perfect/shared/account/userCache';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { TRIAL_STORAGE_KEY } from '@prompt-perfect/core/trial';
import { useTrialStore } from '../../src/stores/trialStore';

/** What another tab does: write storage directly; this tab only sees the 'storage' event. */
function otherTabWrites(key: string, value: string) {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

const user = { id: 'user_a', name: 'A', email: 'a@example.com', source: 'local' as const };
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

describe('stores follow changes made in another tab', () => {
  beforeAll(() => {
    localStorage.clear();
    startAccountSync();
  });
  afterAll(() => useAuthStore.setState({ status: 'signed-out', user: null }));

  it("the signed-in user's cached favorites and progress, written by another tab, show here", () => {
    useAuthStore.setState({ status: 'signed-in', user });
    otherTabWrites(userCacheKey('user_a', 'favorites'), JSON.stringify([saved]));
    otherTabWrites(userCacheKey('user_a', 'progress'), JSON.stringify({ xp: 150, totalPrompts: 5, badges: [] }));
    expect(useFavoritesStore.getState().favorites.map((f) => f.originalPrompt)).toEqual(['write a haiku']);
    expect(useStatsStore.getState()).toMatchObject({ xp: 150, totalPrompts: 5 });
  });

  it("another user's cache changing does not show here; signing out clears this user's copy", () => {
    otherTabWrites(userCacheKey('user_b', 'favorites'), JSON.stringify([{ ...saved, id: 2, originalPrompt: 'b' }]));
    expect(useFavoritesStore.getState().favorites.map((f) => f.originalPrompt)).toEqual(['write a haiku']);
    useAuthStore.setState({ status: 'signed-out', user: null });
    expect(useFavoritesStore.getState().favorites).toEqual([]);
    expect(useStatsStore.getState().xp).toBe(0);
    expect(localStorage.getItem(userCacheKey('user_a', 'favorites'))).toBeNull();
    expect(localStorage.getItem(userCacheKey('user_b', 'favorites'))).not.toBeNull();
  });

  it('trial: a run in another tab lowers the remaining count here', () => {
    otherTabWrites(TRIAL_STORAGE_KEY, '4');
    expect(useTrialStore.getState().count).toBe(4);
  });
});
