/**
 * The browser's per-user copy of the account, so the page paints at once and survives a short
 * server outage. Keys are scoped by user id (another person on this browser never reads them)
 * and removed at sign-out. The server's answer always replaces what is cached here.
 */
import { safeGetItem, safeParseJson, safeRemoveItem, safeSetItem } from '../stores/storage';

export type CachePart = 'favorites' | 'progress' | 'settings' | 'outbox';

const PREFIX = 'promptPerfect:';

export const userCacheKey = (userId: string, part: CachePart) => `${PREFIX}${encodeURIComponent(userId)}:${part}`;

export function readUserCache(userId: string, part: CachePart): unknown {
  return safeParseJson(safeGetItem(userCacheKey(userId, part)));
}

export function writeUserCache(userId: string, part: CachePart, value: unknown): void {
  safeSetItem(userCacheKey(userId, part), JSON.stringify(value));
}

/** Removes the user's cached copy; `keep` parts (the unsent outbox) stay so nothing is lost. */
export function clearUserCache(userId: string, keep: CachePart[] = []): void {
  for (const part of ['favorites', 'progress', 'settings', 'outbox'] as const) {
    if (!keep.includes(part)) safeRemoveItem(userCacheKey(userId, part));
  }
}
