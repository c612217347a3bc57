/**
 * The model check's answers, remembered per instance (in memory) for an hour, at most CACHE_MAX of
 * them, the oldest forgotten first. Keyed by a hash of the account, the model and the prompt: the
 * prompt itself is not kept, and the account is in the key so that `cached: true` never tells one
 * user that another checked the same text.
 */
import { createHash } from 'node:crypto';
import type { LocatedFindings } from '@prompt-perfect/core/lint/model/index';

const CACHE_MAX = 1_000;
const CACHE_TTL_MS = 60 * 60_000;

interface Entry {
  value: LocatedFindings;
  expires: number;
}

export interface ModelCheckCache {
  get(key: string): LocatedFindings | undefined;
  set(key: string, value: LocatedFindings): void;
}

export const modelCheckKey = (account: string, provider: string, model: string, prompt: string): string =>
  createHash('sha256')
    .update(account)
    .update('\0')
    .update(provider)
    .update('\0')
    .update(model)
    .update('\0')
    .update(prompt)
    .digest('hex');

export function createModelCheckCache(now: () => number = Date.now): ModelCheckCache {
  const entries = new Map<string, Entry>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= CACHE_MAX) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: now() + CACHE_TTL_MS });
    },
  };
}
