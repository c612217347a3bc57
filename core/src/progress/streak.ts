/**
 * Daily streak on LOCAL calendar days (spec section 4): same day keeps it, the previous day adds
 * 1, any other gap (or a clock that went backwards) resets to 1. First ever activity gives 1.
 * Days are compared by local year/month/day, never by 24-hour arithmetic, so DST days of 23 or
 * 25 hours behave.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A valid IANA time zone name (e.g. 'Europe/Paris'), as Intl understands it. */
export function isTimeZone(x: unknown): x is string {
  if (typeof x !== 'string' || x.length === 0 || x.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: x });
    return true;
  } catch {
    return false;
  }
}

/** Year, month and day of `ms` in `timeZone` (the runtime's own zone when undefined). */
function calendarDay(ms: number, timeZone?: string): [number, number, number] {
  if (timeZone === undefined) {
    const d = new Date(ms);
    return [d.getFullYear(), d.getMonth(), d.getDate()];
  }
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month) - 1, Number(parts.day)];
}

function localDayNumber(ms: number, timeZone?: string): number {
  // Date.UTC on the calendar fields gives a DST-free day index.
  return Math.round(Date.UTC(...calendarDay(ms, timeZone)) / 86_400_000);
}

/**
 * Calendar days between two instants in `timeZone`: the user's zone when the server computes it,
 * the browser's own when omitted.
 */
export function localDaysBetween(earlier: number, later: number, timeZone?: string): number {
  return localDayNumber(later, timeZone) - localDayNumber(earlier, timeZone);
}

export function nextStreak(
  previousStreak: number,
  lastActivity: number | null,
  now: number,
  timeZone?: string,
): number {
  if (lastActivity === null || !Number.isFinite(lastActivity)) return 1;
  const prev = Number.isFinite(previousStreak) && previousStreak >= 1 ? Math.floor(previousStreak) : 0;
  const gap = localDaysBetween(lastActivity, now, timeZone);
  if (gap === 0) return Math.max(prev, 1);
  if (gap === 1) return prev + 1;
  return 1;
}
