/**
 * What this browser kept of an account (its cache) or found from before accounts (the legacy
 * import), read back through zod schemas: every field that is valid is kept, every field that is
 * not falls back to its default, and a shape that is not there at all gives null. Corrupt storage
 * never breaks the page. Only account code reads these, so the schemas load at sign-in.
 */
import * as z from 'zod/mini';
import type { AccountSettings, Favorite } from '@prompt-perfect/core/api/account';
import { DEFAULT_LANGUAGE, isLanguageId } from '@prompt-perfect/core/catalog/languages';
import { DEFAULT_PROVIDER, isProviderId } from '@prompt-perfect/core/catalog/providers';
import { DEFAULT_TECHNIQUE, isTechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { DEFAULT_TONE, isToneId } from '@prompt-perfect/core/catalog/tones';
import { findBadge, isBadgeId, type EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { levelForXp } from '@prompt-perfect/core/progress/levels';
import type { Stats } from '@prompt-perfect/core/progress/recordRun';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import { isTimeZone } from '@prompt-perfect/core/progress/streak';

const finite = z.number();
/** A whole number of at least 0 (a fraction is rounded down), else `fallback`. */
const wholeCount = (fallback: number) => z.catch(z.pipe(finite.check(z.gte(0)), z.transform(Math.floor)), fallback);

/** Epoch milliseconds, a digit string of them, or a date string; null when none of those. */
function toTimestamp(x: number | string): number | null {
  if (typeof x === 'number') return x > 0 ? x : null;
  if (x.trim() === '') return null;
  const n = /^\d+$/.test(x.trim()) ? Number(x) : Date.parse(x);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The first item for each key, in order. */
function firstOfEach<T>(items: T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    if (seen.has(key(item))) return false;
    seen.add(key(item));
    return true;
  });
}

const earnedBadge = z.pipe(
  z.object({ id: z.custom<EarnedBadge['id']>(isBadgeId), earnedAt: z.catch(finite, 0) }),
  z.transform(({ id, earnedAt }): EarnedBadge | null => {
    const badge = findBadge(id);
    return badge ? { ...badge, earnedAt } : null;
  }),
);

/** Each valid badge once (the first copy wins); anything else in the list is dropped. */
const badgeList = z.catch(
  z.pipe(
    z.array(z.catch(earnedBadge, null)),
    z.transform((items) =>
      firstOfEach(
        items.filter((b): b is EarnedBadge => b !== null),
        (b) => b.id,
      ),
    ),
  ),
  [],
);

const statsSchema = z.pipe(
  z.object({
    xp: wholeCount(0),
    streak: wholeCount(0),
    totalPrompts: wholeCount(0),
    badges: badgeList,
    lastActivity: z.catch(z.pipe(z.union([finite, z.string()]), z.transform(toTimestamp)), null),
  }),
  // The level always follows from xp (floor(xp/200)+1), so a stored level cannot disagree.
  z.transform((s): Stats => ({ ...s, level: levelForXp(s.xp) })),
);

export const favoriteSchema = z.pipe(
  z.object({
    id: finite,
    originalPrompt: z.string(),
    optimizedPrompt: z.string().check(z.refine((text) => text.trim() !== '')),
    technique: z.catch(z.custom<Favorite['technique']>(isTechniqueId), DEFAULT_TECHNIQUE),
    language: z.catch(z.custom<Favorite['language']>(isLanguageId), DEFAULT_LANGUAGE),
    tone: z.catch(z.custom<Favorite['tone']>(isToneId), DEFAULT_TONE),
    createdAt: z.catch(z.nullable(z.string().check(z.refine((date) => !Number.isNaN(Date.parse(date))))), null),
    score: z.catch(
      z.nullable(
        z.pipe(
          finite,
          z.transform((n) => Math.max(0, Math.min(100, n))),
        ),
      ),
      null,
    ),
  }),
  // A missing date is taken from the id (ids were creation times); a missing score is recomputed.
  z.transform(
    (f): Favorite => ({
      ...f,
      createdAt: f.createdAt ?? dateFromId(f.id),
      score: f.score ?? scorePrompt(f.optimizedPrompt),
    }),
  ),
);

function dateFromId(id: number): string {
  const date = new Date(id);
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}

export const settingsSchema = z.object({
  aiEnabled: z.catch(z.nullable(z.boolean()), null),
  defaultTechnique: z.catch(z.custom<AccountSettings['defaultTechnique']>(isTechniqueId), DEFAULT_TECHNIQUE),
  defaultProvider: z.catch(z.custom<AccountSettings['defaultProvider']>(isProviderId), DEFAULT_PROVIDER),
  timeZone: z.catch(z.nullable(z.string().check(z.refine(isTimeZone))), null),
});

const parsed = <T>(schema: z.ZodMiniType<T>, raw: unknown): T | null => {
  const result = schema.safeParse(raw);
  return result.success ? result.data : null;
};

/** Stored stats with every valid field kept and the rest defaulted; null when it is not an object. */
export const sanitizeStats = (raw: unknown): Stats | null => parsed(statsSchema, raw);

/** One stored favorite, or null without a numeric id or its prompt texts. */
const sanitizeFavorite = (raw: unknown): Favorite | null => parsed(favoriteSchema, raw);

/** Each valid favorite (duplicate ids: the first wins), from `{favorites: [...]}` or a bare array. */
export function sanitizeFavorites(raw: unknown): { favorites: Favorite[] } | null {
  const record = raw !== null && typeof raw === 'object' ? (raw as { favorites?: unknown }) : null;
  const list = Array.isArray(raw) ? raw : Array.isArray(record?.favorites) ? record.favorites : null;
  if (!list) return null;
  const valid = list.map(sanitizeFavorite).filter((f): f is Favorite => f !== null);
  return { favorites: firstOfEach(valid, (f) => f.id) };
}

/** Stored settings; unknown or missing fields take the defaults, null when it is not an object. */
export const sanitizeSettings = (raw: unknown): AccountSettings | null => parsed(settingsSchema, raw);
