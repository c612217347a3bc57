import AxeBuilder from '@axe-core/playwright';
import { XP_BANDS, XP_FLOOR } from '@prompt-perfect/core/progress/levels';
import { expect, screenshotBothWidths, signInLocally, test } from './support/fixtures';
import {
  achievementToast,
  cacheKeyOf,
  header,
  headerXp,
  openProgress,
  perfectOnce,
  recordToastLifetime,
  seedStatsAndReload,
  toastLifetimeMs,
} from './support/progressHelpers';

const POSSIBLE_XP = [...XP_BANDS.map((b) => b.xp), XP_FLOOR];

test.describe('progress: levels, streaks, badges and the achievement toast', () => {
  test('the first run shows First Steps for about 5 s, updates the header and the modal, and survives a reload', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInLocally(page);
    const h = header(page);
    await expect(h.level).toHaveText('1');
    await expect(h.xp).toHaveText('0');
    await expect(h.streak).toHaveText('0 days');

    await recordToastLifetime(page, 'First Steps');
    const gained = await perfectOnce(page);
    expect(POSSIBLE_XP).toContain(gained);

    // The toast: visible, announced politely, gone by itself after about 5 s (not before ~4 s).
    const toast = achievementToast(page);
    await expect(toast).toContainText('First Steps');
    await expect(toast).toHaveAttribute('aria-live', 'polite');
    await expect(toast).not.toContainText('First Steps', { timeout: 8_000 });
    expect(await toastLifetimeMs(page)).toBeGreaterThanOrEqual(4_000);
    await expect(toast).toHaveText('');

    await expect(h.xp).toHaveText(String(gained));
    await expect(h.level).toHaveText('1');
    await expect(h.streak).toHaveText('1 day');

    // The modal: same numbers, the badge earned and listed among recent achievements.
    const stats = page.getByRole('button', { name: 'Stats' });
    const dialog = await openProgress(page);
    await expect(dialog.getByTestId('progress-level')).toHaveText('1');
    await expect(dialog.getByRole('progressbar', { name: 'XP toward level 2' })).toHaveAttribute(
      'aria-valuenow',
      String(gained),
    );
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '200');
    await expect(dialog.getByTestId('progress-total-prompts')).toHaveText('1');
    await expect(dialog.getByTestId('progress-streak')).toHaveText('1 day');
    const recent = dialog.getByRole('list', { name: 'Recent achievements' });
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await expect(recent.getByRole('listitem').first()).toContainText('First Steps');
    await expect(dialog.locator('[data-badge="first_prompt"]')).toContainText('Earned');
    await expect(dialog.locator('[data-badge="level_5"]')).toContainText('Locked');
    await expect(dialog.locator('[data-badge="level_5"]')).toContainText('Reach level 5');
    await expect(dialog.locator('[data-badge]')).toHaveCount(8);

    // Keyboard: focus is trapped in the dialog, Escape closes it, focus returns to Stats.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(stats).toBeFocused();

    // After a reload: same level, XP, streak and badges; no toast replays.
    await page.reload();
    await expect(h.xp).toHaveText(String(gained));
    await expect(h.level).toHaveText('1');
    await expect(h.streak).toHaveText('1 day');
    const again = await openProgress(page);
    await expect(again.locator('[data-badge="first_prompt"]')).toContainText('Earned');
    await expect(again.getByRole('list', { name: 'Recent achievements' })).toContainText('First Steps');
    await expect(again.getByTestId('progress-total-prompts')).toHaveText('1');
    await expect(achievementToast(page)).toHaveText('');
    // Keyboard opening works as well: Close by Enter, focus back on Stats.
    await again.getByRole('button', { name: 'Close' }).press('Enter');
    await expect(again).toBeHidden();
    await expect(stats).toBeFocused();
    await stats.press('Enter');
    await expect(again).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(stats).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('the open modal passes axe (no serious or critical issues) and is screenshotted at 375 px, 1280 px and dark', async ({
    page,
  }) => {
    await signInLocally(page);
    await seedStatsAndReload(page, {
      // At most 50 XP a run can be imported (the spec's top band): 23 runs can hold 1130 XP.
      xp: 1130,
      totalPrompts: 23,
      streak: 2,
      lastActivityDaysAgo: 0,
    });
    const dialog = await openProgress(page);
    await expect(dialog.getByTestId('progress-level')).toHaveText('6');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map(
          (v) =>
            `${scheme}: ${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join('; ')}`,
        ),
      ).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshotBothWidths(page, 'progress-modal');

    // At 375 px the dialog fits the screen width and its content scrolls inside it.
    await page.setViewportSize({ width: 375, height: 700 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await dialog.locator('[data-badge="streak_7"]').scrollIntoViewIfNeeded();
    await expect(dialog.locator('[data-badge="streak_7"]')).toBeInViewport();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'e2e/screenshots/progress-modal-dark-1280.png' });
  });

  test('190 XP plus one run reaches level 2 in the header and the modal', async ({ page }) => {
    await signInLocally(page);
    await seedStatsAndReload(page, {
      xp: 190,
      totalPrompts: 4,
      streak: 1,
      lastActivityDaysAgo: 0,
    });
    const h = header(page);
    await expect(h.level).toHaveText('1');
    await expect(h.xp).toHaveText('190');

    const gained = await perfectOnce(page);
    await expect(h.level).toHaveText('2');
    await expect(h.xp).toHaveText(String(190 + gained));
    await expect(h.streak).toHaveText('1 day');

    const dialog = await openProgress(page);
    await expect(dialog.getByTestId('progress-level')).toHaveText('2');
    await expect(dialog.getByRole('progressbar', { name: 'XP toward level 3' })).toHaveAttribute(
      'aria-valuenow',
      String(190 + gained - 200),
    );
    await expect(dialog.getByTestId('progress-total-prompts')).toHaveText('5');
  });

  test('reaching level 5 awards Rising Star; badges earned together are toasted one after another', async ({
    page,
  }) => {
    await signInLocally(page);
    // Level 4, 16 prompts (790 XP needs at least 16 runs), a 2-day streak that ended yesterday: one
    // run earns two badges at once.
    await seedStatsAndReload(page, {
      xp: 790,
      totalPrompts: 16,
      streak: 2,
      lastActivityDaysAgo: 1,
    });
    const h = header(page);
    await expect(h.level).toHaveText('4');

    await perfectOnce(page);
    await expect(h.level).toHaveText('5');
    await expect(h.streak).toHaveText('3 days');

    const toast = achievementToast(page);
    for (const name of ['Rising Star', 'On Fire']) {
      await expect(toast).toContainText(name);
      await page.getByRole('button', { name: 'Close achievement' }).click();
      await expect(toast).not.toContainText(name);
    }
    await expect(toast).toHaveText('');

    const dialog = await openProgress(page);
    await expect(dialog.getByTestId('progress-level')).toHaveText('5');
    await expect(dialog.getByTestId('progress-streak')).toHaveText('3 days');
    await expect(dialog.locator('[data-badge="level_5"]')).toContainText('Earned');
    await expect(dialog.locator('[data-badge="streak_3"]')).toContainText('Earned');
    const recent = dialog.getByRole('list', { name: 'Recent achievements' }).getByRole('listitem');
    await expect(recent).toHaveCount(4);
    // Newest first: the two from this run, then First Steps and Getting Started (awarded at the import).
    await expect(recent.nth(0)).toContainText(/Rising Star|On Fire/);
    await expect(recent.nth(1)).toContainText(/Rising Star|On Fire/);
    await expect(recent.last()).toContainText(/First Steps|Getting Started/);
    await page.keyboard.press('Escape');

    // Each badge is awarded only once: another run adds XP but no new toast.
    // perfectOnce waits for the new XP, which arrives in the same store update as any new badge.
    await perfectOnce(page);
    await expect(toast).toHaveText('');
  });

  test('with the progress remote blocked, the workspace still runs and records stats, and the header shows them', async ({
    page,
  }) => {
    let blocked = true;
    await page.route('**/remotes/progress/**', (route) => (blocked ? route.abort() : route.continue()));
    await signInLocally(page);
    await expect(page.locator('[data-remote="workspace"]')).toBeVisible();

    const gained = await perfectOnce(page);
    await expect(header(page).xp).toHaveText(String(gained));
    await expect(header(page).streak).toHaveText('1 day');

    // The Stats button still answers, with the shell's own fallback.
    const dialog = await openProgress(page);
    await expect(dialog).toContainText('Progress is unavailable right now');
    await page.keyboard.press('Escape');

    // The run was recorded in the account: with the remote back, the modal shows it.
    blocked = false;
    await page.reload();
    await expect(header(page).xp).toHaveText(String(gained));
    const restored = await openProgress(page);
    await expect(restored.getByTestId('progress-total-prompts')).toHaveText('1');
    await expect(restored.getByRole('list', { name: 'Recent achievements' })).toContainText('First Steps');
  });

  test('a corrupt cached copy is ignored without a crash: the account is shown', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInLocally(page);
    const progressKey = await cacheKeyOf(page, 'progress');
    await page.evaluate((key) => localStorage.setItem(key, '{"xp": tru'), progressKey);
    await page.reload();

    const h = header(page);
    await expect(h.level).toHaveText('1');
    await expect(h.xp).toHaveText('0');
    await expect(h.streak).toHaveText('0 days');
    const dialog = await openProgress(page);
    await expect(dialog.getByTestId('progress-level')).toHaveText('1');
    await expect(dialog.getByText('No achievements yet', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');

    // And it keeps working: the next run is recorded and cached as valid JSON again.
    const gained = await perfectOnce(page);
    expect(await headerXp(page)).toBe(gained);
    await expect(achievementToast(page)).toContainText('First Steps');
    await screenshotBothWidths(page, 'achievement-toast');
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), progressKey);
    expect(stored.xp).toBe(gained);
    expect(errors).toEqual([]);
  });
});
