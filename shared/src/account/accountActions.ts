/**
 * What the UI does to the account. Each change shows at once (the stores) and is queued for the
 * server (the outbox), so it survives a reload and a short outage.
 */
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import type { AccountSettings, NewFavorite, OfflineRunRecord, RecordedRun } from '@prompt-perfect/core/api/account';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { outbox, useAccountSyncStore } from '@prompt-perfect/shared/account/accountSync';
import { isFavorited, useFavoritesStore, type Favorite } from '@prompt-perfect/shared/stores/favoritesStore';
import { pickSettings, useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import { deleteAccountData, exportAccount, postOfflineRun } from './accountApi';
import { isRetryable } from './outbox';

let lastLocalId = 0;
/** Negative, so it can never equal an id the server gave. */
function nextLocalId(now: number): number {
  lastLocalId = Math.min(lastLocalId - 1, -Math.floor(now));
  return lastLocalId;
}

/** Adds to the front; null when that original+optimized pair is already saved or it is empty. */
export function saveFavorite(f: NewFavorite, now = Date.now()): Favorite | null {
  const { favorites, putFavorite } = useFavoritesStore.getState();
  if (f.optimizedPrompt.trim() === '' || isFavorited(favorites, f.originalPrompt, f.optimizedPrompt)) return null;
  const favorite: Favorite = {
    ...f,
    id: nextLocalId(now),
    createdAt: new Date(now).toISOString(),
    score: scorePrompt(f.optimizedPrompt),
  };
  putFavorite(favorite);
  useAccountSyncStore.setState({ refused: null });
  outbox.add({ type: 'favorite-add', favorite });
  return favorite;
}

export function removeFavorite(id: number): void {
  useFavoritesStore.getState().dropFavorite(id);
  const unsentAdd = outbox.pending().find((op) => op.type === 'favorite-add' && op.favorite.id === id);
  if (unsentAdd && outbox.sending() !== unsentAdd) {
    // Never reached the server: forget it rather than add and remove.
    outbox.update((ops) => ops.filter((op) => op !== unsentAdd));
    return;
  }
  outbox.add({ type: 'favorite-remove', id });
}

export function updateSettings(patch: Partial<Omit<AccountSettings, 'timeZone'>>): void {
  const settings = { ...pickSettings(useSettingsStore.getState()), ...patch };
  useSettingsStore.getState().replaceSettings(settings);
  // Only the newest settings matter: an older unsent copy is replaced, not sent first.
  outbox.update((ops) => ops.filter((op) => op.type !== 'settings' || op === outbox.sending()));
  outbox.add({ type: 'settings', settings });
}

/** A model run the server recorded: show the progress it reports and queue its new badges. */
export function applyRecordedRun(recorded: RecordedRun | undefined): void {
  if (recorded?.progress) useStatsStore.getState().applyProgress(recorded.progress);
}

/**
 * Records a run of the offline optimizer. Sent at once when nothing is waiting; when the server
 * cannot be reached it is queued (and its progress shows once it is sent). Resolves with the
 * record, or null when it was queued or refused (the refusal shows where unsaved changes do).
 */
export async function recordOfflineRun(run: OfflineRunRecord): Promise<RecordedRun | null> {
  // The space the run was made in, kept with it while it waits.
  const space = spaceStore.getState().activeOrg?.slug ?? null;
  if (outbox.pending().length === 0) {
    try {
      const recorded = await postOfflineRun(run, space);
      applyRecordedRun(recorded);
      return recorded;
    } catch (error) {
      if (!isRetryable(error)) {
        useAccountSyncStore.setState({ refused: messageOf(error) });
        return null;
      }
    }
  }
  outbox.add({ type: 'run', run, space });
  return null;
}

/** Downloads the account as one JSON file. */
export async function exportMyData(): Promise<string> {
  const { blob, fileName } = await exportAccount();
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

/** Removes everything of this user on the server, then signs out (which clears this browser's copy). */
export async function deleteMyData(): Promise<void> {
  await deleteAccountData();
  outbox.update(() => []);
  await useAuthStore.getState().signOut();
}
