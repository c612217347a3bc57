import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STATS } from '../../src/rules/recordRun';
import { recentAchievements, sanitizeStats, STATS_STORAGE_KEY, useStatsStore } from '../../src/stores/statsStore';
import { installMemoryStorage, installStorage, MemoryStorage, removeStorage, ThrowingStorage } from '../helpers/memoryStorage';

let ls: MemoryStorage;
const T0 = new Date(2025, 4, 1, 12).getTime();
const DAY = 86_400_000;

async function loadFrom(raw: string | null): Promise<void> {
  // setState writes through persist, so reset the store first, then plant the stored value.
  useStatsStore.setState({ ...DEFAULT_STATS, badges: [], achievementQueue: [] });
  ls.clear();
  if (raw !== null) ls.setItem(STATS_STORAGE_KEY, raw);
  await useStatsStore.persist.rehydrate();
}

const statsOf = () => {
  const { xp, level, streak, totalPrompts, badges, lastActivity } = useStatsStore.getState();
  return { xp, level, streak, totalPrompts, badges, lastActivity };
};

beforeEach(() => {
  ls = installMemoryStorage();
});

describe('useStatsStore', () => {
  it('starts from the defaults with empty storage', async () => {
    await loadFrom(null);
    expect(statsOf()).toEqual({ ...DEFAULT_STATS, badges: [] });
  });

  it('recordRun updates stats, queues new badges and persists without the queue', async () => {
    await loadFrom(null);
    const r = useStatsStore.getState().recordRun(85, T0);
    expect(r.xpGained).toBe(40);
    expect(r.newBadges.map((b) => b.id)).toEqual(['first_prompt']);
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['first_prompt']);
    const saved = JSON.parse(ls.getItem(STATS_STORAGE_KEY)!);
    expect(saved.state).toEqual({ xp: 40, level: 1, streak: 1, totalPrompts: 1, badges: r.newBadges, lastActivity: T0 });
    expect(saved.state.achievementQueue).toBeUndefined();
  });

  it('shiftAchievement pops toasts in order; resetStats clears everything', async () => {
    await loadFrom(null);
    const { recordRun } = useStatsStore.getState();
    for (let i = 0; i < 3; i++) recordRun(50, T0 + i * DAY);
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['first_prompt', 'streak_3']);
    useStatsStore.getState().shiftAchievement();
    expect(useStatsStore.getState().achievementQueue.map((b) => b.id)).toEqual(['streak_3']);
    useStatsStore.getState().shiftAchievement();
    useStatsStore.getState().shiftAchievement();
    expect(useStatsStore.getState().achievementQueue).toEqual([]);
    useStatsStore.getState().resetStats();
    expect(statsOf()).toEqual({ ...DEFAULT_STATS, badges: [] });
    expect(JSON.parse(ls.getItem(STATS_STORAGE_KEY)!).state.totalPrompts).toBe(0);
  });

  it('survives a reload: the stored stats come back', async () => {
    await loadFrom(null);
    useStatsStore.getState().recordRun(95, T0);
    const stored = ls.getItem(STATS_STORAGE_KEY);
    await loadFrom(stored);
    expect(statsOf()).toMatchObject({ xp: 50, totalPrompts: 1, streak: 1, lastActivity: T0 });
    expect(useStatsStore.getState().achievementQueue).toEqual([]);
  });

  it.each(['{bad json', 'null', '42', '"str"', '[]', '{"state": "nope"}'])('bad JSON or foreign data %j -> defaults', async (raw) => {
    await loadFrom(raw);
    expect(statsOf()).toEqual({ ...DEFAULT_STATS, badges: [] });
  });

  it('wrong types and negative numbers fall back per field, keeping the valid ones', async () => {
    await loadFrom(
      JSON.stringify({
        state: {
          xp: 450,
          level: 99,
          streak: -3,
          totalPrompts: '12',
          badges: [{ id: 'first_prompt', earnedAt: T0 }, { id: 'made_up' }, 5, { id: 'first_prompt' }, { id: 'prompt_10', name: 'Hacked' }],
          lastActivity: 'garbage',
        },
        version: 7,
      }),
    );
    const s = statsOf();
    expect(s.xp).toBe(450);
    expect(s.level).toBe(3);
    expect(s.streak).toBe(0);
    expect(s.totalPrompts).toBe(0);
    expect(s.lastActivity).toBeNull();
    expect(s.badges.map((b) => [b.id, b.name, b.earnedAt])).toEqual([
      ['first_prompt', 'First Steps', T0],
      ['prompt_10', 'Getting Started', 0],
    ]);
    // And a run still works on top of the repaired state.
    expect(useStatsStore.getState().recordRun(10, T0).newBadges).toEqual([]);
  });

  it('accepts bare (envelope-less) stats and date strings for lastActivity', () => {
    expect(sanitizeStats({ xp: 10, streak: 2, totalPrompts: 3, badges: [], lastActivity: '2025-05-01T10:00:00Z' })).toEqual({
      xp: 10,
      level: 1,
      streak: 2,
      totalPrompts: 3,
      badges: [],
      lastActivity: Date.parse('2025-05-01T10:00:00Z'),
    });
  });

  it('does not crash when storage is missing or throws', async () => {
    removeStorage();
    await useStatsStore.persist.rehydrate();
    expect(useStatsStore.getState().recordRun(50, T0).xpGained).toBe(15);
    installStorage(new ThrowingStorage());
    await useStatsStore.persist.rehydrate();
    expect(() => useStatsStore.getState().recordRun(50, T0)).not.toThrow();
  });

  it('recentAchievements shows the last 5, newest first', async () => {
    await loadFrom(null);
    const { recordRun } = useStatsStore.getState();
    for (let i = 0; i < 100; i++) recordRun(95, T0 + Math.floor(i / 14) * DAY);
    const recent = recentAchievements(useStatsStore.getState(), 5);
    expect(recent).toHaveLength(5);
    for (let i = 1; i < recent.length; i++) expect(recent[i - 1].earnedAt).toBeGreaterThanOrEqual(recent[i].earnedAt);
    expect(recent.map((b) => b.id)).toEqual(['prompt_100', 'streak_7', 'prompt_50', 'level_10', 'streak_3']);
  });
});
