/**
 * Favorites and progress a browser kept before accounts owned them (fixed, unscoped keys). The
 * first account to sign in here is offered to import them once; then the old keys are removed.
 */
import type { ImportResult } from '@prompt-perfect/core/api/account';
import { LEGACY_FAVORITES_STORAGE_KEY } from '@prompt-perfect/shared/stores/favoritesStore';
import { LEGACY_STATS_STORAGE_KEY } from '@prompt-perfect/shared/stores/statsStore';
import { sanitizeFavorites, sanitizeStats } from './cachedState';
import { loadAccount, useAccountSyncStore } from '@prompt-perfect/shared/account/accountSync';
import { isRecord, safeGetItem, safeParseJson, safeRemoveItem } from '../stores/storage';
import { importLegacyData } from './accountApi';

export const LEGACY_SETTINGS_STORAGE_KEY = 'promptPerfectWorkspaceSettings';

export interface LegacyData {
  favorites: unknown[];
  stats: unknown;
  /** What the offer names. */
  favoriteCount: number;
  xp: number;
}

const unwrap = (raw: unknown) => (isRecord(raw) && 'state' in raw ? raw.state : raw);

/** What the old keys hold, or null when there is nothing worth importing. */
export function findLegacyData(): LegacyData | null {
  const favoritesRaw = unwrap(safeParseJson(safeGetItem(LEGACY_FAVORITES_STORAGE_KEY)));
  const statsRaw = unwrap(safeParseJson(safeGetItem(LEGACY_STATS_STORAGE_KEY)));
  const favorites = sanitizeFavorites(favoritesRaw)?.favorites ?? [];
  const stats = sanitizeStats(statsRaw);
  const xp = stats?.xp ?? 0;
  if (favorites.length === 0 && xp === 0 && (stats?.totalPrompts ?? 0) === 0) return null;
  return { favorites, stats: stats ?? {}, favoriteCount: favorites.length, xp };
}

export function discardLegacyData(): void {
  for (const key of [LEGACY_FAVORITES_STORAGE_KEY, LEGACY_STATS_STORAGE_KEY, LEGACY_SETTINGS_STORAGE_KEY])
    safeRemoveItem(key);
}

/** Imports into the signed-in account, removes the old keys and reloads the account's copy. */
export async function importLegacyDataOnce(data: LegacyData): Promise<ImportResult> {
  const result = await importLegacyData({ favorites: data.favorites, stats: data.stats });
  discardLegacyData();
  const userId = useAccountSyncStore.getState().userId;
  if (userId) await loadAccount(userId);
  return result;
}
