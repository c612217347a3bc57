/** Badges (spec section 9), each awarded once. */
export type BadgeId =
  | 'first_prompt'
  | 'prompt_10'
  | 'prompt_50'
  | 'prompt_100'
  | 'level_5'
  | 'level_10'
  | 'streak_3'
  | 'streak_7';

export interface Badge {
  id: BadgeId;
  name: string;
  description: string;
}

export interface EarnedBadge extends Badge {
  earnedAt: number;
}

export interface BadgeStats {
  totalPrompts: number;
  level: number;
  streak: number;
}

type BadgeRule = Badge & { requirement: string; metric: keyof BadgeStats; threshold: number };

const RULES: BadgeRule[] = [
  {
    id: 'first_prompt',
    name: 'First Steps',
    description: 'Optimized your first prompt',
    requirement: '1 prompt optimized',
    metric: 'totalPrompts',
    threshold: 1,
  },
  {
    id: 'prompt_10',
    name: 'Getting Started',
    description: 'Optimized 10 prompts',
    requirement: '10 prompts optimized',
    metric: 'totalPrompts',
    threshold: 10,
  },
  {
    id: 'prompt_50',
    name: 'Prompt Master',
    description: 'Optimized 50 prompts',
    requirement: '50 prompts optimized',
    metric: 'totalPrompts',
    threshold: 50,
  },
  {
    id: 'prompt_100',
    name: 'Prompt Legend',
    description: 'Optimized 100 prompts',
    requirement: '100 prompts optimized',
    metric: 'totalPrompts',
    threshold: 100,
  },
  {
    id: 'level_5',
    name: 'Rising Star',
    description: 'Reached level 5',
    requirement: 'Reach level 5',
    metric: 'level',
    threshold: 5,
  },
  {
    id: 'level_10',
    name: 'Expert',
    description: 'Reached level 10',
    requirement: 'Reach level 10',
    metric: 'level',
    threshold: 10,
  },
  {
    id: 'streak_3',
    name: 'On Fire',
    description: 'Kept a 3-day streak',
    requirement: '3-day streak',
    metric: 'streak',
    threshold: 3,
  },
  {
    id: 'streak_7',
    name: 'Weekly Warrior',
    description: 'Kept a 7-day streak',
    requirement: '7-day streak',
    metric: 'streak',
    threshold: 7,
  },
];

export const BADGES: Array<Badge & { requirement: string }> = RULES.map(({ id, name, description, requirement }) => ({
  id,
  name,
  description,
  requirement,
}));

const BADGE_IDS: BadgeId[] = RULES.map((r) => r.id);

export function isBadgeId(x: unknown): x is BadgeId {
  return typeof x === 'string' && (BADGE_IDS as string[]).includes(x);
}

export function findBadge(id: string): Badge | undefined {
  return BADGES.find((b) => b.id === id);
}

/** Badges whose threshold the stats reach and that are not in alreadyEarned, in catalogue order. */
export function badgesEarnedBy(stats: BadgeStats, alreadyEarned: string[]): Badge[] {
  const have = new Set(alreadyEarned);
  return RULES.filter((r) => !have.has(r.id) && stats[r.metric] >= r.threshold).map(({ id, name, description }) => ({
    id,
    name,
    description,
  }));
}

/** Spec section 9: the achievement toast shows for 5 s. */
export const ACHIEVEMENT_TOAST_MS = 5_000;
