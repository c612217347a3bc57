/** The changes a browser queues for the account, and how each is sent. */
import type { AccountSettings, Favorite, OfflineRunRecord } from '@prompt-perfect/core/api/account';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { sanitizeFavorite, sanitizeSettings } from './cachedState';
import { isRecord } from '../stores/storage';
import { deleteFavorite, postFavorite, postOfflineRun, putSettings } from './accountApi';

export type SyncOp =
  /** `favorite.id` is the browser's own (negative) id until the server answers with its copy. */
  | { type: 'favorite-add'; favorite: Favorite }
  | { type: 'favorite-remove'; id: number }
  | { type: 'settings'; settings: AccountSettings }
  /** A run of the offline optimizer, made while the server could not be reached. */
  | { type: 'run'; run: OfflineRunRecord };

/** Sends one change; a saved favorite is answered with the server's copy. */
export async function sendOp(op: SyncOp): Promise<Favorite | undefined> {
  switch (op.type) {
    case 'favorite-add': {
      const { originalPrompt, optimizedPrompt, technique, language, tone } = op.favorite;
      return postFavorite({ originalPrompt, optimizedPrompt, technique, language, tone });
    }
    case 'favorite-remove':
      return deleteFavorite(op.id);
    case 'settings':
      await putSettings(op.settings);
      return;
    case 'run': {
      const recorded = await postOfflineRun(op.run);
      if (recorded.progress) useStatsStore.getState().applyProgress(recorded.progress);
      return;
    }
  }
}

function sanitizeOp(x: unknown): SyncOp | null {
  if (!isRecord(x)) return null;
  if (x.type === 'favorite-add') {
    const favorite = sanitizeFavorite(x.favorite);
    return favorite ? { type: 'favorite-add', favorite } : null;
  }
  if (x.type === 'favorite-remove' && typeof x.id === 'number' && Number.isFinite(x.id)) return { type: 'favorite-remove', id: x.id };
  if (x.type === 'settings') {
    const settings = sanitizeSettings(x.settings);
    return settings ? { type: 'settings', settings } : null;
  }
  if (x.type === 'run' && isRecord(x.run) && typeof x.run.output === 'string' && typeof x.run.input === 'string') {
    // The server validates the rest and refuses a malformed run for good (it is then dropped).
    return { type: 'run', run: x.run as unknown as OfflineRunRecord };
  }
  return null;
}

/** A saved queue read back from storage: unusable entries are skipped. */
export function sanitizeOps(raw: unknown): SyncOp[] {
  return Array.isArray(raw) ? raw.flatMap((x) => sanitizeOp(x) ?? []) : [];
}
