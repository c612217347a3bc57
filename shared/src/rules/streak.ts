/**
 * Daily streak on LOCAL calendar days (spec section 4): same day keeps it, the previous day adds
 * 1, any other gap (or a clock that went backwards) resets to 1. First ever activity gives 1.
 * Days are compared by local year/month/day, never by 24-hour arithmetic, so DST days of 23 or
 * 25 hours behave.
 */
function localDayNumber(ms: number): number {
  const d = new Date(ms);
  // Date.UTC on the local calendar fields gives a DST-free day index.
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000);
}

export function localDaysBetween(earlier: number, later: number): number {
  return localDayNumber(later) - localDayNumber(earlier);
}

export function nextStreak(previousStreak: number, lastActivity: number | null, now: number): number {
  if (lastActivity === null || !Number.isFinite(lastActivity)) return 1;
  const prev = Number.isFinite(previousStreak) && previousStreak >= 1 ? Math.floor(previousStreak) : 0;
  const gap = localDaysBetween(lastActivity, now);
  if (gap === 0) return Math.max(prev, 1);
  if (gap === 1) return prev + 1;
  return 1;
}
