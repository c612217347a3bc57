import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { LEGACY_FAVORITES_STORAGE_KEY } from '@prompt-perfect/shared/stores/favoritesStore';
import { LEGACY_STATS_STORAGE_KEY } from '@prompt-perfect/shared/stores/statsStore';
import { expect, signInLocally, test } from './support/fixtures';
import { cacheKeyOf, header, headerXp, perfectOnce } from './support/progressHelpers';

const ADA = ['Ada Lovelace', 'ada@example.com'] as const;
const BOB = ['Bob Byte', 'bob@example.com'] as const;

const panel = (page: Page) => page.getByRole('dialog', { name: 'Workspace panel' });

/** Runs Perfect on `prompt` and favorites the result. */
async function favoriteOf(page: Page, prompt: string) {
  await perfectOnce(page, prompt);
  await page.getByRole('button', { name: 'Favorite', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText('');
}

async function favoriteOriginals(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Favorites' }).click();
  await expect(panel(page)).toBeVisible();
  const texts = await panel(page).getByTestId('favorite-original').allTextContents();
  await page.keyboard.press('Escape');
  return texts;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

test.describe('the account owns favorites, progress and settings', () => {
  test('two accounts on one browser never see each other’s favorites or XP, either way round', async ({ page }) => {
    await signInLocally(page, ...ADA);
    await favoriteOf(page, 'Ada: write a poem about engines');
    const adaXp = await headerXp(page);
    expect(adaXp).toBeGreaterThan(0);
    await signOut(page);
    expect((await storedKeys(page)).filter((k) => k.startsWith('promptPerfect:'))).toEqual([]);

    await signInLocally(page, ...BOB);
    await expect(header(page).xp).toHaveText('0');
    expect(await favoriteOriginals(page)).toEqual([]);
    await favoriteOf(page, 'Bob: plan a birthday party');
    const bobXp = await headerXp(page);
    await signOut(page);

    await signInLocally(page, ...ADA);
    await expect(header(page).xp).toHaveText(String(adaXp));
    expect(await favoriteOriginals(page)).toEqual(['Ada: write a poem about engines']);
    await signOut(page);
    await signInLocally(page, ...BOB);
    await expect(header(page).xp).toHaveText(String(bobXp));
    expect(await favoriteOriginals(page)).toEqual(['Bob: plan a birthday party']);
  });

  test('one account in two browsers: the same favorites, settings and XP', async ({ page, browser, baseURL }) => {
    await signInLocally(page, ...ADA);
    await favoriteOf(page, 'Summarise the quarterly report');
    await page.getByRole('button', { name: 'Settings' }).click();
    await panel(page).getByRole('switch', { name: 'AI optimization' }).click();
    await expect(page.getByTestId('sync-status')).toHaveText('');
    await page.keyboard.press('Escape');
    const xp = await headerXp(page);

    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await signInLocally(second, ...ADA);
    await expect(header(second).xp).toHaveText(String(xp));
    expect(await favoriteOriginals(second)).toEqual(['Summarise the quarterly report']);
    await second.getByRole('button', { name: 'Settings' }).click();
    await expect(panel(second).getByRole('switch', { name: 'AI optimization' })).not.toBeChecked();
    await second.keyboard.press('Escape');

    // A run in the second browser shows in the first after a reload.
    const gained = await perfectOnce(second, 'Draft a polite reminder e-mail');
    await page.reload();
    await expect(header(page).xp).toHaveText(String(xp + gained));
    await other.close();
  });

  test('XP edited in the browser is not shown: the server’s figure wins after a reload', async ({ page }) => {
    await signInLocally(page, ...ADA);
    const gained = await perfectOnce(page);
    const key = await cacheKeyOf(page, 'progress');
    await page.evaluate((k) => {
      const cached = JSON.parse(localStorage.getItem(k)!);
      localStorage.setItem(k, JSON.stringify({ ...cached, xp: 99_999, level: 500 }));
    }, key);
    await page.reload();
    await expect(header(page).xp).toHaveText(String(gained));
    await expect(header(page).level).toHaveText('1');
    // Sending xp to the server is refused outright.
    const status = await page.evaluate(() =>
      fetch('/api/me/runs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          kind: 'perfect',
          input: 'x',
          output: 'y',
          options: { technique: 'zero-shot', language: 'English', tone: 'Normal' },
          xp: 5000,
        }),
      }).then((r) => r.status),
    );
    expect(status).toBe(400);
    await page.reload();
    await expect(header(page).xp).toHaveText(String(gained));
  });

  test('favorites and progress are intact after a server restart; a change made while it is down is kept and sent', async ({
    page,
    server,
  }) => {
    await signInLocally(page, ...ADA);
    await favoriteOf(page, 'Outline a talk on accessibility');

    const favoritesApi = '**/api/me/favorites**';
    await page.route(favoritesApi, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Favorites' }).click();
    await panel(page).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('sync-status')).toHaveText('Not saved — retrying');
    await page.keyboard.press('Escape');
    await perfectOnce(page, 'A second prompt to keep');
    const xp = await headerXp(page);
    await page.getByRole('button', { name: 'Favorite', exact: true }).click();

    // Reloading while the change is unsent loses nothing: the queue is resumed from the browser.
    await page.reload();
    await expect(page.getByTestId('sync-status')).toHaveText('Not saved — retrying');
    await page.unroute(favoritesApi);
    await expect(page.getByTestId('sync-status')).toHaveText('', { timeout: 20_000 });

    await server.restart();
    await page.reload();
    await expect(header(page).xp).toHaveText(String(xp));
    expect(await favoriteOriginals(page)).toEqual(['A second prompt to keep']);
  });

  test('the old browser-wide favorites and progress are offered once for import, then removed', async ({ page }) => {
    await signInLocally(page, ...ADA);
    const legacy = (id: number, text: string) => ({
      id,
      originalPrompt: text,
      optimizedPrompt: `${text}, optimized.`,
      technique: 'zero-shot',
      language: 'English',
      tone: 'Normal',
      createdAt: new Date(id).toISOString(),
      score: 50,
    });
    await page.evaluate(
      ({ favoritesKey, statsKey, favorites }) => {
        localStorage.setItem(favoritesKey, JSON.stringify({ state: { favorites }, version: 0 }));
        localStorage.setItem(
          statsKey,
          JSON.stringify({
            state: { xp: 250, totalPrompts: 6, streak: 0, badges: [], lastActivity: null },
            version: 0,
          }),
        );
      },
      {
        favoritesKey: LEGACY_FAVORITES_STORAGE_KEY,
        statsKey: LEGACY_STATS_STORAGE_KEY,
        favorites: [legacy(1_700_000_000_000, 'Old one'), legacy(1_700_000_001_000, 'Old two')],
      },
    );
    await page.reload();
    const offer = page.getByRole('region', { name: 'Import from this browser' });
    await expect(offer).toContainText('This browser holds 2 favorites and 250 XP saved before your account kept them.');
    await page.screenshot({ path: 'e2e/screenshots/accounts-import-offer-1280.png' });
    await offer.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(offer).toContainText('Imported 2 favorites and 250 XP into your account.');
    await expect(header(page).xp).toHaveText('250');
    expect((await favoriteOriginals(page)).sort()).toEqual(['Old one', 'Old two']);
    expect(await storedKeys(page)).not.toContain(LEGACY_FAVORITES_STORAGE_KEY);
    expect(await storedKeys(page)).not.toContain(LEGACY_STATS_STORAGE_KEY);

    // Nothing left to offer: not after a reload, not to the next person.
    await page.reload();
    await expect(header(page).xp).toHaveText('250');
    await expect(offer).toBeHidden();
    await signOut(page);
    await signInLocally(page, ...BOB);
    await expect(offer).toBeHidden();
    await expect(header(page).xp).toHaveText('0');
  });

  test('Settings: Export my data downloads one JSON file; Delete my data asks, removes everything and signs out', async ({
    page,
  }) => {
    await signInLocally(page, ...ADA);
    await favoriteOf(page, 'Write release notes');
    const xp = await headerXp(page);

    await page.getByRole('button', { name: 'Settings' }).click();
    // The run above counts toward today's model budget (USER_DAILY_BUDGET_USD, $10 by default).
    await expect(panel(page).getByTestId('ws-daily-budget')).toHaveText(
      /^\$\d+\.\d\d of \$10\.00 left today \(estimated from list prices\)\. Renews at /,
    );
    const download = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Export my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prompt-perfect-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(exported.user.email).toBe('ada@example.com');
    expect(exported.favorites.map((f: { originalPrompt: string }) => f.originalPrompt)).toEqual([
      'Write release notes',
    ]);
    expect(exported.progress.xp).toBe(xp);
    expect(exported.history).toHaveLength(1);
    await expect(panel(page).getByText(`Downloaded ${file.suggestedFilename()}.`)).toBeVisible();

    await panel(page).getByRole('button', { name: 'Delete my data' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete all your data?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'e2e/screenshots/accounts-delete-confirm-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await panel(page).getByRole('button', { name: 'Delete my data' }).click();
    await confirm.getByRole('button', { name: 'Delete everything' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await signInLocally(page, ...ADA);
    await expect(header(page).xp).toHaveText('0');
    expect(await favoriteOriginals(page)).toEqual([]);
  });
});
