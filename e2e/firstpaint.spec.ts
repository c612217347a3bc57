import { cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TRIAL_LIMIT, TRIAL_STORAGE_KEY } from '@prompt-perfect/core/trial';
import { expect, test } from './support/fixtures';
import { collectProblems, holdScripts, reactOwnsPromptBox } from './support/visitorPage';

/**
 * The visitor page is prerendered at build time (the shell's page around the trial's slot, and the
 * trial build's own fragment: header + trial remote + marketing + FAQ), served with the runtime
 * configuration, and hydrated: it paints and takes typing before any script runs, its form works
 * without scripts at all, and a trial build without its prerender falls back to rendering in the browser.
 */

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Your prompt' });
const perfectButton = (page: Page) => page.getByRole('button', { name: 'Perfect', exact: true });
const output = (page: Page) => page.locator('[data-remote="trial"]').getByTestId('trial-output');

test.describe('prerendered visitor page', () => {
  test('the served HTML holds the page; it hydrates with no errors and no layout shift', async ({ page, request }) => {
    const served = await (await request.get('/')).text();
    expect(served).toContain('data-prerendered="visitor"');
    expect(served).toMatch(/<h1[^>]*>Perfect your prompt<\/h1>/);
    expect(served).toContain('Frequently asked questions');
    expect(served).toContain('AI provider API keys stay on our server');
    expect(served).toContain('id="runtime-config"');
    expect(served).not.toContain('__VISITOR_FORM_TOKEN__');

    const problems = collectProblems(page);
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        // Shifts right after the visitor's own input (opening a FAQ answer) are not layout shift.
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect.poll(() => reactOwnsPromptBox(page)).toBe(true);
    // Hydrated: the empty box disables Perfect again, as in the browser-rendered page.
    await expect(perfectButton(page)).toBeDisabled();
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName(
      `${TRIAL_LIMIT} of ${TRIAL_LIMIT} free trials left`,
    );
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
    expect(shift).toBeLessThan(0.01);
    // The FAQ is the served markup, hydrated in place.
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await faq.locator('summary', { hasText: 'Is my data secure?' }).click();
    await expect(faq.getByText('AI provider API keys stay on our server')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the first screen's CSS comes in the page: no stylesheet is fetched, and the page stays styled", async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || /\.css(\?|$)/.test(r.url())) stylesheets.push(r.url());
    });
    await page.goto('/');
    const styledBackground = await perfectButton(page).evaluate((b) => getComputedStyle(b).backgroundColor);
    await expect.poll(() => reactOwnsPromptBox(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(stylesheets).toEqual([]);
    // The trial remote's styles (inlined, and taken by its scripts as loaded) still apply after hydration:
    // the empty box disables Perfect, and the trial's stylesheet dims a disabled Perfect.
    await expect(perfectButton(page)).toBeDisabled();
    expect(await perfectButton(page).evaluate((b) => getComputedStyle(b).opacity)).toBe('0.55');
    expect(await perfectButton(page).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(styledBackground);
    expect(problems).toEqual([]);
  });

  test("a returning visitor's own count replaces the prerendered one right after hydration, with no error", async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await page.addInitScript((key) => window.localStorage.setItem(key, '3'), TRIAL_STORAGE_KEY);
    await page.goto('/');
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName(
      `${TRIAL_LIMIT - 3} of ${TRIAL_LIMIT} free trials left`,
    );
    await expect.poll(() => reactOwnsPromptBox(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('text typed before the scripts ran survives hydration and is what Perfect sends', async ({ page, openai }) => {
    const problems = collectProblems(page);
    // Scripts held back until the visitor has typed.
    const releaseScripts = await holdScripts(page);
    // DOMContentLoaded waits for deferred scripts: the page is there once it has committed.
    await page.goto('/', { waitUntil: 'commit' });
    await promptBox(page).fill('write a note to my landlord about the broken heater');
    expect(await reactOwnsPromptBox(page)).toBe(false);
    releaseScripts();
    await expect.poll(() => reactOwnsPromptBox(page)).toBe(true);
    await expect(promptBox(page)).toHaveValue('write a note to my landlord about the broken heater');
    await expect(perfectButton(page)).toBeEnabled();

    openai.respondWith({ kind: 'text', text: 'You are writing to a landlord. Ask for the heater to be repaired.' });
    await perfectButton(page).click();
    await expect(output(page)).toHaveText('You are writing to a landlord. Ask for the heater to be repaired.');
    expect(JSON.stringify(openai.requests[0]?.body)).toContain('broken heater');
    expect(problems).toEqual([]);
  });
});

test.describe('a trial build from before prerendered releases (it ships no prerender.json)', () => {
  const aloneDir = path.join(tmpdir(), `pp-trial-alone-${process.pid}`);
  test.beforeAll(() => {
    rmSync(aloneDir, { recursive: true, force: true });
    cpSync(path.resolve(import.meta.dirname, '../mfe-trial/dist'), aloneDir, {
      recursive: true,
      filter: (src) => path.basename(src) !== 'prerender.json',
    });
  });
  test.afterAll(() => rmSync(aloneDir, { recursive: true, force: true }));
  test.use({ serverEnv: { MFE_TRIAL_DIST_DIR: aloneDir } });

  test('the page is rendered in the browser as before, and works', async ({ page, request, openai }) => {
    const served = await (await request.get('/')).text();
    expect(served).not.toContain('data-prerendered');
    expect(served).toContain('<div id="root"></div>');

    const problems = collectProblems(page);
    await page.goto('/');
    openai.respondWith({ kind: 'text', text: 'You are a chef. Suggest three dinners.' });
    await promptBox(page).fill('dinner ideas');
    await perfectButton(page).click();
    await expect(output(page)).toHaveText('You are a chef. Suggest three dinners.');
    expect(problems).toEqual([]);
  });
});

test.describe('visitor page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the FAQ answers open and close, one at a time', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const secure = faq.getByText('AI provider API keys stay on our server');
    const models = faq.getByText('Free trial runs use OpenAI');
    await expect(secure).toBeHidden();
    await faq.locator('summary', { hasText: 'Is my data secure?' }).click();
    await expect(secure).toBeVisible();
    await faq.locator('summary', { hasText: 'Which AI models are supported?' }).click();
    await expect(models).toBeVisible();
    await expect(secure).toBeHidden();
    await faq.locator('summary', { hasText: 'Which AI models are supported?' }).click();
    await expect(models).toBeHidden();
  });

  test('type, Perfect, and the result comes back as a page; the run is counted on the server', async ({
    page,
    openai,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Perfect your prompt' })).toBeVisible();
    openai.respondWith({
      kind: 'text',
      text: "Here's a better prompt:\n\nYou are a travel planner. Plan three days in Lisbon.",
    });
    await promptBox(page).fill('plan a trip to lisbon');
    await perfectButton(page).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your perfected prompt' })).toBeVisible();
    await expect(page.getByTestId('trial-output')).toHaveText('You are a travel planner. Plan three days in Lisbon.');
    await expect(page.getByTestId('trials-left')).toHaveText(`${TRIAL_LIMIT - 1} of ${TRIAL_LIMIT} free trials left`);
    expect(openai.requests).toHaveLength(1);
    const status = await (await page.request.get('/api/trial/status')).json();
    expect(status.remaining).toBe(TRIAL_LIMIT - 1);

    // The result page's own form runs again.
    openai.respondWith({ kind: 'text', text: 'You are a travel planner. Plan four days in Porto.' });
    await promptBox(page).fill('plan a trip to porto');
    await perfectButton(page).click();
    await expect(page.getByTestId('trial-output')).toHaveText('You are a travel planner. Plan four days in Porto.');
    await expect(page.getByTestId('trials-left')).toHaveText(`${TRIAL_LIMIT - 2} of ${TRIAL_LIMIT} free trials left`);
  });
});
