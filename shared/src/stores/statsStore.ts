import { create } from 'zustand';
import type { ProgressUpdate } from '@prompt-perfect/core/api/account';
import type { EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { DEFAULT_STATS, recentAchievements, type Stats } from '@prompt-perfect/core/progress/recordRun';

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
