import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, screenshotBothWidths, signInLocally, test } from './support/fixtures';

const repoRoot = path.resolve(import.meta.dirname, '..');

test.describe('composed shell', () => {
  test('loads the visitor view from the trial remote under the shell header', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Prompt Perfect', exact: true })).toBeVisible();
    await expect(page.locator('[data-remote="trial"]')).toBeVisible();
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('10 of 10 free trials left');
    await screenshotBothWidths(page, 'visitor');
  });

  test('one store instance: a trial run in the trial remote updates the shell header at once', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('write a haiku about autumn leaves');
    await page.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('9 of 10 free trials left');
  });

  test('one store instance: a workspace run shows in the shell header and in the progress remote', async ({ page }) => {
    await signInLocally(page);
    await expect(page.getByTestId('header-xp')).toHaveText('0');
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('summarise this quarterly report for the board');
    await page.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(page.getByTestId('header-xp')).not.toHaveText('0');
    const headerXp = await page.getByTestId('header-xp').textContent();

    await page.getByRole('button', { name: 'Stats' }).click();
    const modal = page.getByRole('dialog', { name: 'Your Progress' });
    await expect(modal.getByTestId('progress-total-xp')).toHaveText(headerXp!);
    await expect(modal.getByTestId('progress-total-prompts')).toHaveText('1');
  });

  test('signed in, the workspace and progress remotes load; sign-out returns to the visitor view', async ({ page }) => {
    await signInLocally(page);
    await expect(page.locator('[data-remote="workspace"]')).toBeVisible();
    await expect(page.getByText('Local identity', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Stats' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Progress' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.locator('[data-remote="trial"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // The session really ended on the server, not just in the page.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the header Sign In button opens a modal with the local sign-in form, with a clean console', async ({
    page,
  }) => {
    // CSP violations, missing assets and React errors all surface as console errors.
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog.getByLabel('Name')).toBeVisible();
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('E-mail').fill('grace@example.com');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-remote="workspace"]')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("if the sign-in window's code cannot load, the visitor is told and can try again", async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-remote="trial"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // From now on every new script of the shell fails, as on a dropped connection.
    const shellScript = (url: URL) => url.pathname.endsWith('.js') && !url.pathname.startsWith('/remotes/');
    await page.route(shellScript, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'This window could not be loaded' });
    await expect(failure).toBeVisible();
    await expect(page.locator('[data-remote="trial"]')).toBeVisible();

    await page.unroute(shellScript);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });

  test('a sign-out the server cannot confirm says so and keeps the user signed in', async ({ page }) => {
    await signInLocally(page);
    await page.route('**/api/auth/sign-out', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sign-out failed' })).toBeVisible();
    await expect(page.locator('[data-remote="workspace"]')).toBeVisible();
    await page.unroute('**/api/auth/sign-out');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('an unknown path lands on /, and /sign-in shows the centred form', async ({ page }) => {
    await page.goto('/no/such/path');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="trial"]')).toBeVisible();

    await page.goto('/sign-in');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form).toBeVisible();
    const box = (await form.boundingBox())!;
    const viewport = page.viewportSize()!;
    const centre = box.x + box.width / 2;
    expect(Math.abs(centre - viewport.width / 2)).toBeLessThan(4);
    await screenshotBothWidths(page, 'sign-in');
  });

  test('a blocked remote shows its fallback within 2 s while the shell keeps working, and Retry recovers', async ({
    page,
  }) => {
    let blocked = true;
    await page.route('**/remotes/trial/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/');
    // The shell is up and auth resolved: from here the trial slot loads, and must give up fast.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const fallback = page.getByRole('alert', { name: 'Free trial unavailable' });
    await expect(fallback).toBeVisible({ timeout: 2_000 });

    // The shell is still alive: the header and its sign-in modal work.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await page.keyboard.press('Escape');

    blocked = false;
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="trial"]')).toBeVisible();
    await expect(fallback).toBeHidden();
  });

  test.describe('a remote that accepts the connection and never answers', () => {
    test.use({ hangingRemote: 'trial' });

    test('ends in the fallback after the bounded manifest wait', async ({ page }) => {
      const started = Date.now();
      await page.goto('/');
      await expect(page.getByRole('alert', { name: 'Free trial unavailable' })).toBeVisible({ timeout: 8_000 });
      // REMOTE_MANIFEST_TIMEOUT_MS is 1500 here: one attempt, bounded, then the fallback.
      expect(Date.now() - started).toBeLessThan(8_000);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    });
  });

  test('no key and no env value reaches a built browser asset', async () => {
    const buildInfo = JSON.parse(readFileSync(path.join(repoRoot, '.data/build-info.json'), 'utf8'));
    expect(buildInfo.sentinelEnv, 'npm run test:e2e builds with sentinel secrets in the environment').toBe(true);
    const sentinels: Record<string, string> = JSON.parse(
      readFileSync(path.join(repoRoot, 'e2e/support/sentinels.json'), 'utf8'),
    );
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    for (const app of ['shell', 'mfe-trial', 'mfe-workspace', 'mfe-progress']) walk(path.join(repoRoot, app, 'dist'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [name, value] of Object.entries(sentinels)) {
        expect(text.includes(value), `${name} leaked into ${path.relative(repoRoot, file)}`).toBe(false);
      }
      expect(text.includes('OPENAI_API_KEY'), `the name OPENAI_API_KEY appears in ${file}`).toBe(false);
    }
  });
});
