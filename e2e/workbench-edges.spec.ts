import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  choose,
  openHistoryShowing,
  openWorkspace,
  output,
  perfect,
  showLanguageAndTone,
  testOutput,
} from './support/workspaceHelpers';

/**
 * Issue 46, items 2-9 in the composed app, each at 1280x800 and at 375x812: the everyday loop
 * without its last rough edges.
 */

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '375', viewport: { width: 375, height: 812 } },
] as const;

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Your prompt' });
const perfectButton = (page: Page) => page.getByRole('button', { name: 'Perfect', exact: true });
const headerXp = (page: Page) => page.getByTestId('header-xp');

/** On a phone the options sidebar is behind a "Prompt options" disclosure: open it. */
async function showOptions(page: Page) {
  const toggle = page.getByRole('button', { name: 'Prompt options' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** The shell's sticky header: what is under it is not in view. */
const headerBottom = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((h) => h.getBoundingClientRect().bottom);

/** True when the element's top is below the sticky header and inside the window, with room for a few lines. */
async function startInView(page: Page, target: Locator): Promise<boolean> {
  const top = await target.evaluate((el) => el.getBoundingClientRect().top);
  const innerHeight = await page.evaluate(() => window.innerHeight);
  return top >= (await headerBottom(page)) && top <= innerHeight - 100;
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`issue 46 at ${name} px`, () => {
    test.use({ viewport });

    test('item 2: a template over typed text offers Undo; removing the chip keeps the prompt', async ({ page }) => {
      await openWorkspace(page);
      await promptBox(page).fill('My own careful words about the launch');
      await choose(page, 'Templates', 'Code Review');
      await expect(promptBox(page)).toHaveValue(/^Review the \{\{language\}\} code/);
      const toast = page.getByTestId('clear-undo-toast');
      await expect(toast.getByRole('status')).toHaveText('The template replaced your prompt.');
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(promptBox(page)).toHaveValue('My own careful words about the launch');
      await expect(page.getByText('Template: Code Review')).toHaveCount(0);

      await choose(page, 'Templates', 'Blog Post');
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await promptBox(page).fill('Edited template text');
      await page.getByRole('button', { name: 'Clear template Blog Post' }).click();
      await expect(page.getByText('Template: Blog Post')).toHaveCount(0);
      await expect(promptBox(page)).toHaveValue('Edited template text');
    });

    test('item 3: Stop keeps the earlier result, marks the stopped text, announces no result and earns nothing', async ({
      page,
      openai,
    }) => {
      await openWorkspace(page);
      openai.respondWith({ kind: 'text', text: 'You are a planner. Plan a team offsite.' });
      await perfect(page, 'Plan a team offsite');
      await expect(output(page)).toHaveText('You are a planner. Plan a team offsite.');
      await expect(headerXp(page)).not.toHaveText('0');
      const xp = await headerXp(page).textContent();

      const pieces = ['Half of a ', 'new answer ', ...Array.from({ length: 200 }, (_, i) => `w${i} `)];
      openai.respondWith({ kind: 'stream', pieces, delayMs: 40 });
      await perfectButton(page).click();
      await expect(output(page)).toContainText('new answer');
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(perfectButton(page)).toBeEnabled();

      await expect(output(page)).toHaveText('You are a planner. Plan a team offsite.');
      const stopped = page.getByTestId('workspace-stopped-output');
      await expect(stopped.getByText('Stopped', { exact: true })).toBeVisible();
      await expect(stopped.getByTestId('stopped-text')).toContainText('Half of a new answer');
      await expect(page.getByTestId('workspace-run-status')).not.toHaveText(/ready/);
      await expect(page.getByTestId('workspace-run-status')).toHaveText(/^Stopped\./);
      // Recorded as stopped, with no xp for it.
      const history = await openHistoryShowing(page, 'Stopped before the answer ended');
      await expect(history.getByText('Stopped before the answer ended')).toHaveCount(1);
      await expect(headerXp(page)).toHaveText(xp!);
    });

    test('item 4: after Perfect and Test the new output starts in view; the skip link clears the sticky header', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openWorkspace(page);
      // A template with variables makes a tall composer: Perfect is far below the output's start.
      await choose(page, 'Templates', 'Email Assistant');
      await perfectButton(page).scrollIntoViewIfNeeded();
      await perfectButton(page).click();
      await expect(perfectButton(page)).toBeEnabled();
      const pane = page.locator('section[aria-labelledby="ws-output-title"]');
      await expect.poll(() => startInView(page, pane)).toBe(true);

      await page.getByRole('textbox', { name: 'Test input' }).fill('A customer asks about delivery times');
      const runTest = page.getByRole('button', { name: 'Run Test' });
      await runTest.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -window.innerHeight / 2));
      await runTest.click();
      await expect(testOutput(page)).not.toHaveText('The test answer will appear here.');
      await expect.poll(() => startInView(page, page.getByRole('region', { name: 'Test output' }))).toBe(true);

      await page.evaluate(() => window.scrollTo(0, 0));
      const skip = page.getByRole('link', { name: 'Skip to your prompt' });
      await skip.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => startInView(page, page.getByText('Your prompt', { exact: true }))).toBe(true);
    });

    test('item 5: a Test failure keeps the last good answer, says what to do, offers Retry, details apart', async ({
      page,
      openai,
    }) => {
      await openWorkspace(page);
      await perfect(page, 'Write a tagline for a bakery');
      await page.getByRole('textbox', { name: 'Test input' }).fill('Sourdough and coffee');
      openai.respondWith({ kind: 'text', text: 'Fresh bread, warm coffee.' });
      await page.getByRole('button', { name: 'Run Test' }).click();
      await expect(testOutput(page)).toHaveText('Fresh bread, warm coffee.');

      openai.respondWith({ kind: 'status', status: 500, message: 'upstream exploded' });
      await page.getByRole('button', { name: 'Run Test' }).click();
      const failure = page.getByTestId('test-run-error');
      await expect(failure).toContainText(
        'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.',
      );
      await expect(testOutput(page)).toHaveText('Fresh bread, warm coffee.');
      await failure.getByText('Details').click();
      await expect(failure.getByText('OpenAI API error: upstream exploded')).toBeVisible();

      openai.respondWith({ kind: 'text', text: 'Bread at dawn.' });
      await failure.getByRole('button', { name: 'Retry' }).click();
      await expect(testOutput(page)).toHaveText('Bread at dawn.');
      await expect(failure).toHaveCount(0);
    });

    test('item 6: Continue Building after a reload and Perfect on the same prompt stay one chain; counts cover the whole text', async ({
      page,
      openai,
    }) => {
      await openWorkspace(page);
      const long = (n: number) =>
        `You are a travel planner.\nPlan a three-day trip to Lisbon.\n${'Add one detail per day. '.repeat(20)}v${n}`;
      openai.respondWith({ kind: 'text', text: long(1) });
      await perfect(page, 'Plan a trip to Lisbon');
      await page.reload();
      await expect(output(page)).toContainText('v1');

      openai.respondWith({ kind: 'text', text: long(2) });
      await page.getByRole('button', { name: 'Continue Building' }).click();
      const dialog = page.getByRole('dialog', { name: 'Continue Building' });
      await dialog.getByRole('textbox', { name: 'Additional requirements' }).fill('Add a food tip');
      await dialog.getByRole('button', { name: 'Enhance Prompt' }).click();
      await expect(dialog).toBeHidden();
      openai.respondWith({ kind: 'text', text: long(3) });
      await perfect(page);
      await expect(output(page)).toContainText('v3');

      // The output's count is of the whole text; History's preview shows two lines and must count the same.
      const shownCount = await page
        .getByRole('region', { name: 'Output', exact: true })
        .getByTestId('result-meta')
        .textContent();
      const token = /≈ \d+ tokens/.exec(shownCount ?? '')?.[0];
      expect(token).toBeTruthy();

      await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'Prompt history' });
      await expect(history.getByTestId('history-version')).toHaveCount(3);
      await expect(history.getByTestId('history-version-label')).toHaveText([
        'Perfected from the task',
        'Instruction: Add a food tip',
        'Perfected from the task',
      ]);
      await expect(history.getByTestId('history-version').first().getByTestId('result-meta')).toHaveText(token!);
    });

    test('item 7: technique, provider and model survive a reload', async ({ page }) => {
      await openWorkspace(page);
      await showOptions(page);
      await page.getByRole('radio', { name: 'Chain of Thought' }).check();
      await page.getByRole('radio', { name: 'Anthropic/Claude' }).check();
      await choose(page, /^Model/, 'Claude 3 Opus');
      await page.reload();
      await expect(promptBox(page)).toBeVisible({ timeout: 30_000 });
      await showOptions(page);
      await expect(page.getByRole('radio', { name: 'Chain of Thought' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Anthropic/Claude' })).toBeChecked();
      await expect(page.getByRole('combobox', { name: /^Model/ })).toHaveText(/Claude 3 Opus/);
    });

    test('item 8: a result made from an earlier prompt or options says so', async ({ page }) => {
      await openWorkspace(page);
      await perfect(page, 'Write a haiku about tea');
      const note = page.getByTestId('workspace-output-out-of-date');
      await expect(note).toHaveCount(0);
      await promptBox(page).fill('Write a haiku about coffee');
      await expect(note).toHaveText(/^Made from an earlier prompt/);
      await promptBox(page).fill('Write a haiku about tea');
      await expect(note).toHaveCount(0);
      await showLanguageAndTone(page);
      await page.getByRole('button', { name: 'Witty' }).click();
      await expect(note).toBeVisible();
      await perfect(page);
      await expect(note).toHaveCount(0);
    });

    test('item 9: result buttons wait for a result; lint findings in the page, not a scroll box, with Fix all', async ({
      page,
    }) => {
      const workspace = await openWorkspace(page);
      for (const label of ['Copy', 'Favorite', 'Save as…'])
        await expect(page.getByRole('button', { name: label, exact: true })).toBeDisabled();

      await promptBox(page).fill(
        'Use a friendly tone. Summarize the report in a few bullet points. Use a friendly tone.',
      );
      const strip = workspace.getByRole('region', { name: 'Prompt check of your prompt' });
      const list = strip.getByRole('list', { name: 'Findings in your prompt' });
      await expect(list).toBeVisible();
      expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
      const fixAll = strip.getByRole('button', { name: /^Fix all \(\d+\)$/ });
      await fixAll.click();
      await expect(fixAll).toHaveCount(0);
      await expect(strip.getByRole('button', { name: /^Fix:/ })).toHaveCount(0);
      // One Ctrl+Z takes every fix back.
      await promptBox(page).focus();
      await page.keyboard.press('Control+z');
      await expect(promptBox(page)).toHaveValue(
        'Use a friendly tone. Summarize the report in a few bullet points. Use a friendly tone.',
      );
    });

    test('item 9: Prove says the minimum of cases; an evaluation survives a reload', async ({ page, openai }) => {
      openai.simulateAnswers(true);
      await openWorkspace(page);
      await promptBox(page).fill('Answer hiking gear questions in one sentence.');
      await page.getByRole('button', { name: 'Prove' }).click();
      const panel = page.getByRole('dialog', { name: 'Prove this prompt' });
      await expect(
        panel.getByText(/^No cases yet\. Evaluate needs at least one case; Optimize needs at least 9\./),
      ).toBeVisible();
      await panel.getByRole('button', { name: 'Draft test cases' }).click();
      await expect(panel.locator('[data-prove-cases] > li')).toHaveCount(10);
      await panel.getByLabel('Name').fill('Gear questions');
      await panel.getByRole('tab', { name: 'Evaluate' }).click();
      await panel.getByRole('button', { name: 'Evaluate prompt' }).click();
      const mean = panel.getByRole('region', { name: 'Your prompt' }).getByText(/^Mean [\d.]+ \/ 5, 95% CI/);
      await expect(mean).toBeVisible({ timeout: 30_000 });
      const shown = await mean.textContent();

      await page.reload();
      await page.getByRole('button', { name: 'Prove' }).click();
      await expect(panel.getByLabel('Name')).toHaveValue('Gear questions');
      await panel.getByRole('tab', { name: 'Evaluate' }).click();
      await expect(panel.getByRole('region', { name: 'Your prompt' }).getByText(shown!)).toBeVisible();
    });

    test('item 9: the visitor page shows the trial count once', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('[data-remote="trial"]').getByRole('textbox', { name: 'Your prompt' })).toBeVisible();
      await expect(page.getByTestId('header-trials')).toHaveAccessibleName('10 of 10 free trials left');
      await expect(page.getByText(/free trials? left/)).toHaveCount(1);
    });
  });
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`issue 46 at ${name} px, no provider key`, () => {
    test.use({ viewport, providerKeys: 'none' });

    test('item 9: one offline notice on the visitor page, before and after a run', async ({ page }) => {
      await page.goto('/');
      const trial = page.locator('[data-remote="trial"]');
      await expect(trial.getByText('This server has no AI provider configured')).toBeVisible();
      await trial.getByRole('textbox', { name: 'Your prompt' }).fill('write a product description for a water bottle');
      await trial.getByRole('button', { name: 'Perfect', exact: true }).click();
      await expect(trial.getByTestId('trial-output')).toContainText('water bottle');
      await expect(page.getByText(/no AI provider (is )?configured/)).toHaveCount(1);
    });
  });
}
