import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { STATS_STORAGE_KEY } from '../../shared/src/stores/statsStore';
import { findBadge, type BadgeId } from '../../shared/src/rules/badges';
import { levelForXp } from '../../shared/src/rules/progress';

export { STATS_STORAGE_KEY };

/** Header values rendered by the shell from the shared stats store. */
export function header(page: Page) {
  return {
    level: page.getByTestId('header-level'),
    xp: page.getByTestId('header-xp'),
    streak: page.getByTestId('header-streak'),
  };
}

export async function headerXp(page: Page): Promise<number> {
  return Number(await header(page).xp.textContent());
}

/** Runs Perfect in the workspace and waits until the run is recorded (the header XP changes). */
export async function perfectOnce(page: Page, prompt = 'Write a short, friendly welcome e-mail for new members of a cycling club.') {
  const before = await headerXp(page);
  await page.getByRole('textbox', { name: 'Your prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Perfect', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Perfect', exact: true })).toBeEnabled();
  await expect.poll(() => headerXp(page)).toBeGreaterThan(before);
  return (await headerXp(page)) - before;
}

export interface SeedStats {
  xp: number;
  totalPrompts: number;
  streak: number;
  /** Days before today (browser-local) of the last activity; null for never. */
  lastActivityDaysAgo: number | null;
  badges: BadgeId[];
}

/**
 * Writes stats into browser storage in the store's own persisted format, then reloads so the
 * app starts from them (what a returning user with these stats would see).
 */
export async function seedStatsAndReload(page: Page, seed: SeedStats) {
  const badges = seed.badges.map((id) => ({ ...findBadge(id)!, earnedAt: Date.UTC(2026, 0, 1) }));
  const level = levelForXp(seed.xp);
  await page.evaluate(
    ({ key, seed, badges, level }) => {
      let lastActivity: number | null = null;
      if (seed.lastActivityDaysAgo !== null) {
        const d = new Date();
        d.setHours(12, 0, 0, 0);
        d.setDate(d.getDate() - seed.lastActivityDaysAgo);
        lastActivity = d.getTime();
      }
      const state = {
        xp: seed.xp,
        level,
        streak: seed.streak,
        totalPrompts: seed.totalPrompts,
        badges,
        lastActivity,
      };
      localStorage.setItem(key, JSON.stringify({ state, version: 0 }));
    },
    { key: STATS_STORAGE_KEY, seed, badges, level },
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Opens Your Progress from the header's Stats button and returns the dialog. */
export async function openProgress(page: Page) {
  await page.getByRole('button', { name: 'Stats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Progress' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The achievement toast's live region (empty when no toast is up). */
export function achievementToast(page: Page) {
  return page.locator('[data-remote="progress"] [data-testid="achievement-toaster"]').getByRole('status');
}
