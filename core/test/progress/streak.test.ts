import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTimeZone, localDaysBetween, nextStreak } from '../../src/progress/streak';

/** A timezone with daylight saving, so the 23- and 25-hour days are exercised. */
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

/** A local wall-clock time (month 1-12). */
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('nextStreak on local calendar days (spec section 4)', () => {
  it('first ever activity gives 1', () => {
    expect(nextStreak(0, null, at(2025, 5, 1))).toBe(1);
  });
  it('same day keeps the streak, even from 00:00 to 23:59', () => {
    expect(nextStreak(4, at(2025, 5, 1, 0, 0), at(2025, 5, 1, 23, 59))).toBe(4);
  });
  it('same day with a zero streak (first run after data loss) gives 1', () => {
    expect(nextStreak(0, at(2025, 5, 1, 9), at(2025, 5, 1, 10))).toBe(1);
  });
  it('across midnight, one minute apart, adds 1', () => {
    expect(nextStreak(2, at(2025, 5, 1, 23, 59), at(2025, 5, 2, 0, 0))).toBe(3);
  });
  it('previous day adds 1 even 47 hours apart', () => {
    expect(nextStreak(2, at(2025, 5, 1, 0, 5), at(2025, 5, 2, 23, 55))).toBe(3);
  });
  it('a skipped day resets to 1, even only 24h01 apart', () => {
    expect(nextStreak(6, at(2025, 5, 1, 23, 59), at(2025, 5, 3, 0, 0))).toBe(1);
  });
  it('month end: Jan 31 -> Feb 1, Feb 28 -> Mar 1 (2025), Feb 29 -> Mar 1 (2024)', () => {
    expect(nextStreak(1, at(2025, 1, 31), at(2025, 2, 1))).toBe(2);
    expect(nextStreak(1, at(2025, 2, 28), at(2025, 3, 1))).toBe(2);
    expect(nextStreak(1, at(2024, 2, 28), at(2024, 3, 1))).toBe(1);
    expect(nextStreak(1, at(2024, 2, 29), at(2024, 3, 1))).toBe(2);
    expect(nextStreak(5, at(2025, 4, 30, 22), at(2025, 5, 1, 7))).toBe(6);
  });
  it('year end: Dec 31 -> Jan 1 adds 1', () => {
    expect(nextStreak(6, at(2024, 12, 31, 23, 30), at(2025, 1, 1, 0, 30))).toBe(7);
  });
  it('runs in a timezone with daylight saving', () => {
    expect(new Date(2025, 0, 1).getTimezoneOffset()).not.toBe(new Date(2025, 6, 1).getTimezoneOffset());
  });
  it('DST spring forward (a 23-hour day) and fall back (a 25-hour day)', () => {
    // In New York 2025-03-09 has 23 hours and 2025-11-02 has 25.
    expect(nextStreak(3, at(2025, 3, 8, 23, 30), at(2025, 3, 9, 23, 30))).toBe(4);
    expect(nextStreak(3, at(2025, 3, 9, 0, 10), at(2025, 3, 10, 0, 5))).toBe(4);
    expect(nextStreak(3, at(2025, 11, 2, 0, 10), at(2025, 11, 2, 23, 50))).toBe(3);
    expect(nextStreak(3, at(2025, 11, 1, 23, 50), at(2025, 11, 3, 0, 10))).toBe(1);
    expect(localDaysBetween(at(2025, 11, 2, 0, 0), at(2025, 11, 3, 0, 0))).toBe(1);
  });
  it('a clock that went backwards resets to 1', () => {
    expect(nextStreak(5, at(2025, 5, 3), at(2025, 5, 1))).toBe(1);
  });
});

describe('streak days in a named time zone (the server computes them for the user)', () => {
  // 2025-05-01 23:30 in New York is 2025-05-02 03:30 UTC; an hour later is still May 2 in UTC.
  const nyLate = Date.UTC(2025, 4, 2, 3, 30);
  const nyNextMorning = Date.UTC(2025, 4, 2, 13, 0);
  it('counts calendar days where the user lives, not where the server runs', () => {
    expect(localDaysBetween(nyLate, nyNextMorning, 'America/New_York')).toBe(1);
    expect(localDaysBetween(nyLate, nyNextMorning, 'UTC')).toBe(0);
    expect(nextStreak(2, nyLate, nyNextMorning, 'America/New_York')).toBe(3);
    expect(nextStreak(2, nyLate, nyNextMorning, 'Asia/Tokyo')).toBe(2);
  });
  it('accepts IANA names only', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '', 'x'.repeat(65), 42, null]) expect(isTimeZone(bad)).toBe(false);
  });
});
