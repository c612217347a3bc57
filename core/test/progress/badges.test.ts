import { describe, expect, it } from 'vitest';
import { BADGES, badgesEarnedBy } from '../../src/progress/badges';

const ids = (stats: { totalPrompts: number; level: number; streak: number }, earned: string[] = []) =>
  badgesEarnedBy(stats, earned).map((b) => b.id);

describe('badges (spec section 9)', () => {
  it('has exactly the eight badges, with their names', () => {
    expect(BADGES.map((b) => [b.id, b.name])).toEqual([
      ['first_prompt', 'First Steps'],
      ['prompt_10', 'Getting Started'],
      ['prompt_50', 'Prompt Master'],
      ['prompt_100', 'Prompt Legend'],
      ['level_5', 'Rising Star'],
      ['level_10', 'Expert'],
      ['streak_3', 'On Fire'],
      ['streak_7', 'Weekly Warrior'],
    ]);
    for (const b of BADGES) {
      expect(b.description.length).toBeGreaterThan(0);
      expect(b.requirement.length).toBeGreaterThan(0);
    }
  });
  it('awards nothing before the first prompt', () => {
    expect(ids({ totalPrompts: 0, level: 1, streak: 0 })).toEqual([]);
  });
  it.each([
    ['first_prompt', { totalPrompts: 0 }, { totalPrompts: 1 }],
    ['prompt_10', { totalPrompts: 9 }, { totalPrompts: 10 }],
    ['prompt_50', { totalPrompts: 49 }, { totalPrompts: 50 }],
    ['prompt_100', { totalPrompts: 99 }, { totalPrompts: 100 }],
    ['level_5', { level: 4 }, { level: 5 }],
    ['level_10', { level: 9 }, { level: 10 }],
    ['streak_3', { streak: 2 }, { streak: 3 }],
    ['streak_7', { streak: 6 }, { streak: 7 }],
  ])('%s: not below the threshold, yes at it', (id, below, atThreshold) => {
    const base = { totalPrompts: 0, level: 1, streak: 0 };
    expect(ids({ ...base, ...below })).not.toContain(id);
    expect(ids({ ...base, ...atThreshold })).toContain(id);
  });
  it('awards each badge once', () => {
    const stats = { totalPrompts: 100, level: 10, streak: 7 };
    const all = ids(stats);
    expect(all).toHaveLength(8);
    expect(ids(stats, all)).toEqual([]);
    expect(ids(stats, ['first_prompt', 'level_5'])).not.toContain('first_prompt');
  });
});
