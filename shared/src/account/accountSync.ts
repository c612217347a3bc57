/**
 * Keeps the signed-in user's stores (favorites, progress, settings) in step with the account:
 * on sign-in it paints from the user's cache, resumes unsent changes and loads the server's copy;
 * on sign-out or a change of user it clears them, so nobody sees another person's data.
 * Imported by package path everywhere: the composed page must run exactly one of these.
 */
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { create } from 'zustand';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { useFavoritesStore } from '@prompt-perfect/shared/stores/favoritesStore';
import { DEFAULT_SETTINGS, pickSettings, useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { pickStats, useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { sanitizeFavorites, sanitizeSettings, sanitizeStats } from './cachedState';
import { onOtherTabChange } from '../stores/storage';
import type { AccountSettings, Favorite } from '@prompt-perfect/core/api/account';
import { fetchFavorites, fetchProgress, fetchSettings } from './accountApi';
import { createOutbox, RETRY_MAX_MS, type OutboxStatus } from './outbox';
import { sanitizeOps, sendOp, type SyncOp } from './syncOps';
import { clearUserCache, readUserCache, userCacheKey, writeUserCache } from './userCache';

export interface AccountSyncState {
  userId: string | null;
  /** The account's copy has arrived (until then the page shows the cache). */
  loaded: boolean;
  /** Why the account's copy could not be loaded (retried until it can). */
  loadError: string | null;
  outbox: OutboxStatus;
  /** A change the server refused for good, e.g. too many favorites. */
  refused: string | null;
}

const INITIAL: AccountSyncState = { userId: null, loaded: false, loadError: null, outbox: 'idle', refused: null };

export const useAccountSyncStore = create<AccountSyncState>()(() => INITIAL);

const currentUserId = () => useAccountSyncStore.getState().userId;

/** A favorite the server has saved replaces the browser's copy, and queued removes follow its id. */
function favoriteSaved(localId: number, saved: Favorite): void {
  useFavoritesStore.getState().swapFavorite(localId, saved);
  outbox.update((ops) =>
    ops.map((op) => (op.type === 'favorite-remove' && op.id === localId ? { ...op, id: saved.id } : op)),
  );
}

export const outbox = createOutbox<SyncOp>({
  send: async (op) => {
    const saved = await sendOp(op);
    if (op.type === 'favorite-add' && saved) favoriteSaved(op.favorite.id, saved);
  },
  rejected: (op, message) => {
    if (op.type === 'favorite-add') {
      useFavoritesStore.getState().dropFavorite(op.favorite.id);
      outbox.update((ops) => ops.filter((o) => !(o.type === 'favorite-remove' && o.id === op.favorite.id)));
    }
    useAccountSyncStore.setState({ refused: message });
  },
  save: (ops) => {
    const userId = currentUserId();
    if (userId) writeUserCache(userId, 'outbox', ops);
  },
  status: (status) => useAccountSyncStore.setState({ outbox: status }),
});

function resetStores(): void {
  useFavoritesStore.getState().replaceFavorites([]);
  useStatsStore.getState().resetStats();
  useSettingsStore.getState().replaceSettings(DEFAULT_SETTINGS);
}

function paintFromCache(userId: string): void {
  useFavoritesStore.getState().replaceFavorites(sanitizeFavorites(readUserCache(userId, 'favorites'))?.favorites ?? []);
  const stats = sanitizeStats(readUserCache(userId, 'progress'));
  if (stats) useStatsStore.getState().replaceStats(stats);
  useSettingsStore.getState().replaceSettings(sanitizeSettings(readUserCache(userId, 'settings')) ?? DEFAULT_SETTINGS);
}

/** The server's favorites with this browser's unsent adds and removes applied. */
function withPendingFavorites(server: Favorite[], ops: SyncOp[]): Favorite[] {
  const removed = new Set(ops.flatMap((op) => (op.type === 'favorite-remove' ? [op.id] : [])));
  const added = ops.flatMap((op) => (op.type === 'favorite-add' ? [op.favorite] : []));
  return [...added.reverse(), ...server].filter((f) => !removed.has(f.id));
}

function pendingSettings(ops: SyncOp[]): AccountSettings | null {
  const last = ops.filter((op) => op.type === 'settings').at(-1);
  return last?.type === 'settings' ? last.settings : null;
}

const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
};

let loadTimer: ReturnType<typeof setTimeout> | null = null;

/** Loads the account's copy, retrying with growing pauses while the server cannot answer. */
export async function loadAccount(userId: string, attempt = 0): Promise<void> {
  if (loadTimer) clearTimeout(loadTimer);
  loadTimer = null;
  try {
    const [settings, favorites, stats] = await Promise.all([fetchSettings(), fetchFavorites(), fetchProgress()]);
    if (currentUserId() !== userId) return;
    const ops = outbox.pending();
    useFavoritesStore.getState().replaceFavorites(withPendingFavorites(favorites, ops));
    useStatsStore.getState().replaceStats(stats);
    const shown = pendingSettings(ops) ?? settings;
    useSettingsStore.getState().replaceSettings(shown);
    useAccountSyncStore.setState({ loaded: true, loadError: null });
    const timeZone = browserTimeZone();
    if (shown.timeZone === null && timeZone) {
      const next = { ...shown, timeZone };
      useSettingsStore.getState().replaceSettings(next);
      outbox.add({ type: 'settings', settings: next });
    }
  } catch (error) {
    if (currentUserId() !== userId) return;
    useAccountSyncStore.setState({ loadError: messageOf(error) });
    const pause = Math.min(RETRY_MAX_MS, 1_000 * 2 ** attempt);
    loadTimer = setTimeout(() => void loadAccount(userId, attempt + 1), pause);
  }
}

function signedIn(userId: string): void {
  useAccountSyncStore.setState({ ...INITIAL, userId });
  paintFromCache(userId);
  outbox.resume(sanitizeOps(readUserCache(userId, 'outbox')));
  void loadAccount(userId);
}

function signedOut(userId: string): void {
  const unsent = outbox.pending().length > 0;
  outbox.stop();
  if (loadTimer) clearTimeout(loadTimer);
  loadTimer = null;
  useAccountSyncStore.setState(INITIAL);
  resetStores();
  // Unsent changes stay (scoped to this user) and are sent at the next sign-in.
  clearUserCache(userId, unsent ? ['outbox'] : []);
}

/** Keeps one part of the user's cache in step with its store (each store writes only its own key). */
function cacheOnChange(part: 'favorites' | 'progress' | 'settings', value: () => unknown): () => void {
  return () => {
    const { userId, loaded } = useAccountSyncStore.getState();
    // Progress is cached only once the server's figure has arrived.
    if (userId && (part !== 'progress' || loaded)) writeUserCache(userId, part, value());
  };
}

let started = false;

/** Starts following the auth store. Safe to call more than once (shell and a standalone remote). */
export function startAccountSync(): void {
  if (started) return;
  started = true;
  const follow = () => {
    const { status, user } = useAuthStore.getState();
    const before = currentUserId();
    const now = status === 'signed-in' && user ? user.id : null;
    if (before === now) return;
    if (before) signedOut(before);
    if (now) signedIn(now);
  };
  useAuthStore.subscribe(follow);
  follow();
  useFavoritesStore.subscribe(cacheOnChange('favorites', () => useFavoritesStore.getState().favorites));
  useStatsStore.subscribe(cacheOnChange('progress', () => pickStats(useStatsStore.getState())));
  useSettingsStore.subscribe(cacheOnChange('settings', () => pickSettings(useSettingsStore.getState())));
  // Another tab of the same user changed something: show its copy rather than overwrite it later.
  for (const part of ['favorites', 'progress', 'settings'] as const) {
    onOtherTabChange(
      (key) => {
        const userId = currentUserId();
        return userId !== null && key === userCacheKey(userId, part);
      },
      () => {
        const userId = currentUserId();
        if (userId) paintFromCache(userId);
      },
    );
  }
  if (typeof window !== 'undefined') window.addEventListener('online', () => outbox.retryNow());
}
