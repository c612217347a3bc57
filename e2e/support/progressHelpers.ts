import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { userCacheKey, type CachePart } from '@prompt-perfect/shared/account/userCache';
import { LEGACY_STATS_STORAGE_KEY } from '@prompt-perfect/shared/stores/statsStore';

/** The signed-in user's cache key for `part` in this browser (keys are scoped by user id). */
export async function cacheKeyOf(page: Page, part: CachePart): Promise<string> {
  const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
  return userCacheKey(session.user.id, part);
}

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
export async function perfectOnce(
  page: Page,
  prompt = 'Write a short, friendly welcome e-mail for new members of a cycling club.',
) {
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
}

/**
 * Gives the signed-in account these stats the way a returning user's would arrive: as progress
 * this browser kept before accounts, imported through the offer (the server awards the badges
 * the counts earn). Waits until the header shows them.
 */
export async function seedStatsAndReload(page: Page, seed: SeedStats) {
  await page.evaluate(
    ({ key, seed }) => {
      let lastActivity: number | null = null;
      if (seed.lastActivityDaysAgo !== null) {
        const d = new Date();
        d.setHours(12, 0, 0, 0);
        d.setDate(d.getDate() - seed.lastActivityDaysAgo);
        lastActivity = d.getTime();
      }
      const state = { xp: seed.xp, streak: seed.streak, totalPrompts: seed.totalPrompts, badges: [], lastActivity };
      localStorage.setItem(key, JSON.stringify({ state, version: 0 }));
    },
    { key: LEGACY_STATS_STORAGE_KEY, seed },
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(`Imported ${seed.xp} XP into your account.`)).toBeVisible();
  await expect(header(page).xp).toHaveText(String(seed.xp));
  await page.getByRole('button', { name: 'Close', exact: true }).click();
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

/**
 * Timestamps, taken in the page, of when the toast first shows `text` and when it stops: the
 * toast's own lifetime, free of the test runner's polling delay on a loaded machine.
 */
export async function recordToastLifetime(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const marks: { shown?: number; gone?: number } = {};
    (window as unknown as { __toastMarks: typeof marks }).__toastMarks = marks;
    new MutationObserver(() => {
      const showing =
        document.querySelector('[data-testid="achievement-toaster"]')?.textContent?.includes(wanted) ?? false;
      if (showing && marks.shown === undefined) marks.shown = performance.now();
      if (!showing && marks.shown !== undefined && marks.gone === undefined) marks.gone = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
}

export async function toastLifetimeMs(page: Page): Promise<number> {
  const marks = await page.evaluate(
    () => (window as unknown as { __toastMarks: { shown?: number; gone?: number } }).__toastMarks,
  );
  if (marks.shown === undefined || marks.gone === undefined)
    throw new Error(`toast not seen to show and go: ${JSON.stringify(marks)}`);
  return marks.gone - marks.shown;
}
