import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { findBadge, isBadgeId, type EarnedBadge } from '../rules/badges';
import { levelForXp } from '../rules/progress';
import { DEFAULT_STATS, recentAchievements, recordRun as recordRunRule, type Stats } from '../rules/recordRun';
import { createValidatedStorage, isRecord, nonNegativeInt, onOtherTabChange } from './storage';

export { recentAchievements };

export const STATS_STORAGE_KEY = 'promptPerfectStats';

export interface StatsState extends Stats {
  /** Badges earned and not yet shown as a toast. In memory only, never persisted. */
  achievementQueue: EarnedBadge[];
  recordRun: (score: number, now?: number) => { xpGained: number; newBadges: EarnedBadge[] };
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

const pickStats = (s: Stats): Stats => ({
  xp: s.xp,
  level: s.level,
  streak: s.streak,
  totalPrompts: s.totalPrompts,
  badges: s.badges,
  lastActivity: s.lastActivity,
});

export const useStatsStore = create<StatsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_STATS,
      badges: [],
      achievementQueue: [],
      recordRun: (score, now = Date.now()) => {
        const result = recordRunRule(pickStats(get()), score, now);
        set((s) => ({ ...result.stats, achievementQueue: [...s.achievementQueue, ...result.newBadges] }));
        return { xpGained: result.xpGained, newBadges: result.newBadges };
      },
      shiftAchievement: () => set((s) => ({ achievementQueue: s.achievementQueue.slice(1) })),
      resetStats: () => set({ ...DEFAULT_STATS, badges: [], achievementQueue: [] }),
    }),
    {
      name: STATS_STORAGE_KEY,
      storage: createValidatedStorage(sanitizeStats),
      partialize: (s) => pickStats(s),
      merge: (persisted, current) => {
        const valid = sanitizeStats(persisted);
        return valid ? { ...current, ...valid } : current;
      },
    },
  ),
);

// Another tab recorded a run or saved a favorite: take its copy instead of overwriting it later.
onOtherTabChange(STATS_STORAGE_KEY, () => void useStatsStore.persist.rehydrate());
