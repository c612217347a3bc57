import { describe, expect, it } from 'vitest';
import { DEFAULT_STATS, recentAchievements, recordRun, type Stats } from '../../src/progress/recordRun';

const DAY = 86_400_000;
const T0 = new Date(2025, 4, 1, 12).getTime();

describe('recordRun', () => {
  it('first run: xp by score, level 1, streak 1, First Steps', () => {
    const { stats, xpGained, newBadges } = recordRun(DEFAULT_STATS, 92, T0);
    expect(xpGained).toBe(50);
    expect(stats).toMatchObject({ xp: 50, level: 1, streak: 1, totalPrompts: 1, lastActivity: T0 });
    expect(newBadges.map((b) => [b.id, b.earnedAt])).toEqual([['first_prompt', T0]]);
    expect(stats.badges).toEqual(newBadges);
  });
  it('does not mutate its input', () => {
    const before = JSON.stringify(DEFAULT_STATS);
    recordRun(DEFAULT_STATS, 50, T0);
    expect(JSON.stringify(DEFAULT_STATS)).toBe(before);
  });
  it('levels up at 200 xp and awards each badge once over many runs', () => {
    let stats: Stats = DEFAULT_STATS;
    const earned: string[] = [];
    for (let i = 0; i < 100; i++) {
      const r = recordRun(stats, 95, T0 + Math.floor(i / 20) * DAY);
      stats = r.stats;
      earned.push(...r.newBadges.map((b) => b.id));
      if (i === 3) expect(stats.level).toBe(2); // 4 x 50 = 200 xp
    }
    expect(stats.xp).toBe(5000);
    expect(stats.level).toBe(26);
    expect(stats.streak).toBe(5);
    expect(new Set(earned).size).toBe(earned.length);
    expect(earned.sort()).toEqual(
      ['first_prompt', 'level_10', 'level_5', 'prompt_10', 'prompt_100', 'prompt_50', 'streak_3'].sort(),
    );
  });
  it('recentAchievements: newest first, at most 5', () => {
    const badges = ['first_prompt', 'prompt_10', 'level_5', 'streak_3', 'prompt_50', 'level_10'].map((id, i) => ({
      id: id as Stats['badges'][number]['id'],
      name: id,
      description: id,
      earnedAt: T0 + i,
    }));
    expect(recentAchievements({ badges }, 5).map((b) => b.id)).toEqual([
      'level_10',
      'prompt_50',
      'streak_3',
      'level_5',
      'prompt_10',
    ]);
    expect(recentAchievements({ badges: [] })).toEqual([]);
  });
});
