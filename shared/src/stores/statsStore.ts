import { create } from 'zustand';
import type { ProgressUpdate } from '../api/account';
import { findBadge, isBadgeId, type EarnedBadge } from '../rules/badges';
import { levelForXp } from '../rules/progress';
import { DEFAULT_STATS, recentAchievements, type Stats } from '../rules/recordRun';
import { isRecord, nonNegativeInt } from './storage';

export { recentAchievements };

/** Where progress lived before accounts owned it; read once for the import offer. */
export const LEGACY_STATS_STORAGE_KEY = 'promptPerfectStats';

/**
 * The signed-in user's progress as the server last reported it. The server decides progress
 * (it records each run and applies the rules); this store only shows it, so nothing here raises xp.
 */
export interface StatsState extends Stats {
  /** Badges earned and not yet shown as a toast. In memory only. */
  achievementQueue: EarnedBadge[];
  /** The answer to a recorded run: the new progress, and its new badges queued for the toast. */
  applyProgress: (update: ProgressUpdate) => void;
  /** Progress loaded from the account (or its cache); queues no toast. */
  replaceStats: (stats: Stats) => void;
  shiftAchievement: () => void;
  resetStats: () => void;
}

function sanitizeBadges(x: unknown): EarnedBadge[] {
  if (!Array.isArray(x)) return [];
  const seen = new Set<string>();
  const out: EarnedBadge[] = [];
  for (const item of x) {
    if (!isRecord(item) || !isBadgeId(item.id) || seen.has(item.id)) continue;
    const badge = findBadge(item.id)!;
    seen.add(item.id);
    out.push({ ...badge, earnedAt: typeof item.earnedAt === 'number' && Number.isFinite(item.earnedAt) ? item.earnedAt : 0 });
  }
  return out;
}

function sanitizeTimestamp(x: unknown): number | null {
  if (typeof x === 'number' && Number.isFinite(x) && x > 0) return x;
  if (typeof x === 'string' && x.trim() !== '') {
    const n = /^\d+$/.test(x.trim()) ? Number(x) : Date.parse(x);
    return Number.isFinite(n) && n > 0 ? n : null;
  }
  return null;
}

/**
 * Keeps every valid field of stored stats and defaults the rest. Level is always derived from
 * xp (Level = floor(xp/200)+1), so a stored level can never disagree with the xp.
 */
export function sanitizeStats(raw: unknown): Stats | null {
  if (!isRecord(raw)) return null;
  const xp = nonNegativeInt(raw.xp, DEFAULT_STATS.xp);
  return {
    xp,
    level: levelForXp(xp),
    streak: nonNegativeInt(raw.streak, DEFAULT_STATS.streak),
    totalPrompts: nonNegativeInt(raw.totalPrompts, DEFAULT_STATS.totalPrompts),
    badges: sanitizeBadges(raw.badges),
    lastActivity: sanitizeTimestamp(raw.lastActivity),
  };
}

export const pickStats = (s: Stats): Stats => ({
  xp: s.xp,
  level: s.level,
  streak: s.streak,
  totalPrompts: s.totalPrompts,
  badges: s.badges,
  lastActivity: s.lastActivity,
});

export const useStatsStore = create<StatsState>()((set) => ({
  ...DEFAULT_STATS,
  badges: [],
  achievementQueue: [],
  applyProgress: (update) =>
    set((s) => ({ ...pickStats(update.stats), achievementQueue: [...s.achievementQueue, ...update.newBadges] })),
  replaceStats: (stats) => set(pickStats(stats)),
  shiftAchievement: () => set((s) => ({ achievementQueue: s.achievementQueue.slice(1) })),
  resetStats: () => set({ ...DEFAULT_STATS, badges: [], achievementQueue: [] }),
}));
