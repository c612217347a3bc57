/** Account rows to the API's types, and the account rules applied to them (userDataStore's pure half). */
import type { AccountSettings, Favorite, HistoryEntry, RunOptions } from '@prompt-perfect/core/api/account';
import { DEFAULT_PROVIDER } from '@prompt-perfect/core/catalog/providers';
import { DEFAULT_TECHNIQUE } from '@prompt-perfect/core/catalog/techniques';
import { badgesEarnedBy, findBadge, type EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { levelForXp } from '@prompt-perfect/core/progress/levels';
import type { Stats } from '@prompt-perfect/core/progress/recordRun';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserDataStore } from './userData';

const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = Object.freeze({
  aiEnabled: null,
  defaultTechnique: DEFAULT_TECHNIQUE,
  defaultProvider: DEFAULT_PROVIDER,
  timeZone: null,
});

type FavoriteRow = Selectable<Database['user_favorites']>;
type HistoryRow = Selectable<Database['user_history']>;
type ProgressRow = Pick<
  Selectable<Database['user_progress']>,
  'xp' | 'streak' | 'total_prompts' | 'last_activity' | 'imported_at'
>;

export const toFavorite = (r: FavoriteRow): Favorite => ({
  id: r.id,
  originalPrompt: r.original_prompt,
  optimizedPrompt: r.optimized_prompt,
  technique: r.technique as Favorite['technique'],
  language: r.language as Favorite['language'],
  tone: r.tone as Favorite['tone'],
  createdAt: new Date(r.created_at).toISOString(),
  score: r.score,
});

export const toHistory = (r: HistoryRow): HistoryEntry => ({
  id: r.id,
  kind: r.kind,
  input: r.input,
  output: r.output,
  provider: r.provider as HistoryEntry['provider'],
  model: r.model,
  options: JSON.parse(r.options) as RunOptions,
  refines: r.refines,
  chainId: r.chain_id,
  createdAt: new Date(r.created_at).toISOString(),
  stopped: Boolean(r.stopped),
});

export type StoredStats = Stats & { importedAt: number | null };

/** Progress and badges as stored (badge rows in earning order) -> Stats plus the import mark. */
export function statsFrom(
  row: ProgressRow | undefined,
  badgeRows: Array<{ badge_id: string; earned_at: number }>,
): StoredStats {
  const badges: EarnedBadge[] = badgeRows.flatMap((b) => {
    const badge = findBadge(b.badge_id);
    return badge ? [{ id: badge.id, name: badge.name, description: badge.description, earnedAt: b.earned_at }] : [];
  });
  const xp = row?.xp ?? 0;
  return {
    xp,
    level: levelForXp(xp),
    streak: row?.streak ?? 0,
    totalPrompts: row?.total_prompts ?? 0,
    badges,
    lastActivity: row?.last_activity ?? null,
    importedAt: row?.imported_at ?? null,
  };
}

export const withoutImportMark = ({ importedAt: _importedAt, ...stats }: StoredStats): Stats => stats;

/** Stored settings JSON over the defaults. */
export const settingsFrom = (json: string | undefined): AccountSettings =>
  json
    ? { ...DEFAULT_ACCOUNT_SETTINGS, ...(JSON.parse(json) as Partial<AccountSettings>) }
    : { ...DEFAULT_ACCOUNT_SETTINGS };

/** The stats after importing a browser's counts; badges are never taken from the browser: the merged counts earn them again. */
export function mergeImportedStats(
  current: Stats,
  imported: Parameters<UserDataStore['importOnce']>[1]['stats'],
  now: number,
) {
  const xp = current.xp + imported.xp;
  const merged: Stats = {
    xp,
    level: levelForXp(xp),
    streak: Math.max(current.streak, imported.streak),
    totalPrompts: current.totalPrompts + imported.totalPrompts,
    badges: current.badges,
    lastActivity: Math.max(current.lastActivity ?? 0, imported.lastActivity ?? 0) || null,
  };
  const newBadges = badgesEarnedBy(
    merged,
    current.badges.map((b) => b.id),
  ).map((b) => ({ ...b, earnedAt: now }));
  return { stats: { ...merged, badges: [...current.badges, ...newBadges] }, newBadges };
}
