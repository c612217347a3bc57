import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDaysBetween, nextStreak } from '../../src/rules/streak';

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
