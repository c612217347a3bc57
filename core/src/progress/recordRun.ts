import { badgesEarnedBy, type EarnedBadge } from './badges';
import { levelForXp, xpForScore } from './levels';
import { nextStreak } from './streak';

/** The signed-in user's progress (spec section 3), kept in browser storage. */
export interface Stats {
  xp: number;
  level: number;
  streak: number;
  totalPrompts: number;
  badges: EarnedBadge[];
  lastActivity: number | null;
}

export const DEFAULT_STATS: Stats = Object.freeze({
  xp: 0,
  level: 1,
  streak: 0,
  totalPrompts: 0,
  badges: [],
  lastActivity: null,
}) as Stats;

export interface RunResult {
  stats: Stats;
  xpGained: number;
  newBadges: EarnedBadge[];
}

/**
 * One successful optimization: xp by score, level, streak, prompt count, then new badges. Pure.
 * Streak days are counted in `timeZone` (the user's), or the runtime's zone when omitted.
 */
export function recordRun(stats: Stats, score: number, now: number, timeZone?: string): RunResult {
  const xpGained = xpForScore(score);
  const xp = stats.xp + xpGained;
  const level = levelForXp(xp);
  const streak = nextStreak(stats.streak, stats.lastActivity, now, timeZone);
  const totalPrompts = stats.totalPrompts + 1;
  const newBadges: EarnedBadge[] = badgesEarnedBy(
    { totalPrompts, level, streak },
    stats.badges.map((b) => b.id),
  ).map((b) => ({ ...b, earnedAt: now }));
  return {
    stats: { xp, level, streak, totalPrompts, badges: [...stats.badges, ...newBadges], lastActivity: now },
    xpGained,
    newBadges,
  };
}

/** The last `count` badges earned, newest first (the Your Progress list shows 5). */
export function recentAchievements(stats: Pick<Stats, 'badges'>, count = 5): EarnedBadge[] {
  return stats.badges
    .map((b, i) => ({ b, i }))
    .sort((x, y) => y.b.earnedAt - x.b.earnedAt || y.i - x.i)
    .slice(0, count)
    .map((x) => x.b);
}
