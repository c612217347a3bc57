import { beforeEach, describe, expect, it } from 'vitest';
import { findBadge } from '@prompt-perfect/core/progress/badges';
import { DEFAULT_STATS, recordRun } from '@prompt-perfect/core/progress/recordRun';
import { sanitizeStats } from '../../src/account/cachedState';
import { recentAchievements, useStatsStore } from '../../src/stores/statsStore';

const T0 = new Date(2025, 4, 1, 12).getTime();
const DAY = 86_400_000;

const statsOf = () => {
  const { xp, level, streak, totalPrompts, badges, lastActivity } = useStatsStore.getState();
  return { xp, level, streak, totalPrompts, badges, lastActivity };
};

beforeEach(() => useStatsStore.getState().resetStats());

describe('useStatsStore shows what the server reports', () => {
  it('applyProgress takes the new stats and queues the badges just earned for the toast', () => {
    const update = recordRun(DEFAULT_STATS, 85, T0);
    useStatsStore.getState().applyProgress(update);
    expect(statsOf()).toEqual(update.stats);
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['first_prompt']);
  });

  it('replaceStats (a load from the account) queues no toast; shiftAchievement pops in order; reset clears', () => {
    const loaded = {
      ...DEFAULT_STATS,
      xp: 450,
      level: 3,
      totalPrompts: 12,
      badges: [{ ...findBadge('first_prompt')!, earnedAt: T0 }],
    };
    useStatsStore.getState().replaceStats(loaded);
    expect(statsOf()).toEqual(loaded);
    expect(useStatsStore.getState().achievementQueue).toEqual([]);

    let stats = loaded;
    for (let i = 0; i < 3; i++) {
      const update = recordRun(stats, 50, T0 + i * DAY);
      useStatsStore.getState().applyProgress(update);
      stats = update.stats;
    }
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['prompt_10', 'streak_3']);
    useStatsStore.getState().shiftAchievement();
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['streak_3']);
    useStatsStore.getState().resetStats();
    expect(statsOf()).toEqual({ ...DEFAULT_STATS, badges: [] });
    expect(useStatsStore.getState().achievementQueue).toEqual([]);
  });
});

describe('sanitizeStats (a cached or legacy copy)', () => {
  it.each([undefined, null, 42, 'str', []])('foreign data %j -> null', (raw) => {
    expect(sanitizeStats(raw)).toBeNull();
  });

  it('wrong types and negative numbers fall back per field; level always follows xp', () => {
    const s = sanitizeStats({
      xp: 450,
      level: 99,
      streak: -3,
      totalPrompts: '12',
      badges: [
        { id: 'first_prompt', earnedAt: T0 },
        { id: 'made_up' },
        5,
        { id: 'first_prompt' },
        { id: 'prompt_10', name: 'Hacked' },
      ],
      lastActivity: 'garbage',
    })!;
    expect([s.xp, s.level, s.streak, s.totalPrompts, s.lastActivity]).toEqual([450, 3, 0, 0, null]);
    expect(s.badges.map((b) => [b.id, b.name, b.earnedAt])).toEqual([
      ['first_prompt', 'First Steps', T0],
      ['prompt_10', 'Getting Started', 0],
    ]);
  });

  it('accepts date strings for lastActivity', () => {
    expect(
      sanitizeStats({ xp: 10, streak: 2, totalPrompts: 3, badges: [], lastActivity: '2025-05-01T10:00:00Z' }),
    ).toEqual({
      xp: 10,
      level: 1,
      streak: 2,
      totalPrompts: 3,
      badges: [],
      lastActivity: Date.parse('2025-05-01T10:00:00Z'),
    });
  });
});

describe('recentAchievements', () => {
  it('shows the last 5, newest first', () => {
    let stats = DEFAULT_STATS;
    for (let i = 0; i < 100; i++) stats = recordRun(stats, 95, T0 + Math.floor(i / 14) * DAY).stats;
    const recent = recentAchievements(stats, 5);
    expect(recent.map((b) => b.id)).toEqual(['prompt_100', 'streak_7', 'prompt_50', 'level_10', 'streak_3']);
  });
});
