import type { Page } from '@playwright/test';
import { expect, signInLocally, test } from './support/fixtures';
import {
  choose,
  lastBody,
  openWorkspace,
  output,
  perfect,
  showLanguageAndTone,
  testOutput,
} from './support/workspaceHelpers';

/**
 * Issue 27, items 4-7 in the composed app: the Test model, one result view, nothing lost between
 * steps, templates with {{variables}}. Keyboard paths are driven with the keyboard.
 */

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Your prompt' });
const MARKDOWN =
  '# Launch e-mail\n\nYou are a **copywriter**. Write a short launch e-mail:\n\n- one subject line\n- three short paragraphs';

test.describe('item 4: the Test model', () => {
  test('Test and Compare run on the picked model (Claude here), picked by keyboard; names match the catalogue', async ({
    page,
    openai,
    anthropic,
  }) => {
    await openWorkspace(page);
    await perfect(page, 'Write a tagline for a bakery');
    const picker = page.getByRole('combobox', { name: /Test model/ });
    await expect(picker).toHaveText(/GPT-4o/);
    await expect(page.getByText(/Runs on GPT-4o\. The answer/)).toBeVisible();

    // Keyboard: focus the picker, open it, type to the option, Enter.
    await picker.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Claude 3.5 Haiku' }).focus();
    await page.keyboard.press('Enter');
    await expect(picker).toHaveText(/Claude 3.5 Haiku/);

    await page.getByRole('textbox', { name: 'Test input' }).fill('Sourdough and coffee');
    anthropic.respondWith({ kind: 'text', text: 'Fresh bread, warm coffee.' });
    const openaiCallsBefore = openai.requests.length;
    await page.getByRole('button', { name: 'Run Test' }).click();
    await expect(testOutput(page)).toHaveText('Fresh bread, warm coffee.');
    expect(lastBody(anthropic).model).toBe('claude-3-5-haiku-20241022');
    expect(openai.requests.length).toBe(openaiCallsBefore);
    await expect(page.getByRole('region', { name: 'Test output' }).getByTestId('result-meta')).toHaveText(
      /^Claude 3\.5 Haiku · ≈ \d+ tokens$/,
    );

    anthropic.respondWith({ kind: 'text', text: 'Original side.' }, { kind: 'text', text: 'Optimized side.' });
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByRole('region', { name: 'Optimized prompt result' })).toContainText('side.');
    await expect(page.getByRole('region', { name: 'Original prompt result' })).toContainText('side.');
    expect(anthropic.requests.slice(-2).map((r) => r.body.model)).toEqual([
      'claude-3-5-haiku-20241022',
      'claude-3-5-haiku-20241022',
    ]);

    // The choice is kept with the draft.
    await page.reload();
    await expect(page.getByRole('combobox', { name: /Test model/ })).toHaveText(/Claude 3.5 Haiku/);
  });

  test.describe('offline', () => {
    test.use({ providerKeys: 'none' });
    test('Run Test and Compare are disabled with the reason beside them', async ({ page }) => {
      await openWorkspace(page);
      const reason = page.getByTestId('test-offline-reason');
      await expect(reason).toHaveText(/none is configured on this server/);
      for (const name of ['Run Test', 'Compare']) {
        const button = page.getByRole('button', { name, exact: true });
        await expect(button).toBeDisabled();
        await expect(button).toHaveAccessibleDescription(/none is configured on this server/);
      }
      await expect(page.getByRole('combobox', { name: /Test model/ })).toHaveCount(0);
    });
  });
});

test.describe('item 5: one result view', () => {
  test('trial: Preview renders, Raw (by keyboard) shows the exact text in monospace, and Copy copies what Raw shows', async ({
    page,
    context,
    openai,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    const trial = page.locator('[data-remote="trial"]');
    await promptBox(page).fill('Write a launch e-mail for our note-taking app');
    openai.respondWith({ kind: 'text', text: MARKDOWN });
    await page.getByRole('button', { name: 'Perfect', exact: true }).click();
    const text = trial.getByTestId('trial-output');
    await expect(trial.getByRole('heading', { name: 'Launch e-mail' })).toBeVisible();
    await expect(text.locator('strong')).toHaveText('copywriter');
    await expect(trial.getByTestId('result-meta')).toHaveText(/^≈ \d+ tokens$/);

    const raw = trial.getByRole('button', { name: 'Raw' });
    await raw.focus();
    await page.keyboard.press('Enter');
    await expect(raw).toHaveAttribute('aria-pressed', 'true');
    const pre = text.locator('pre');
    await expect(pre).toHaveText(MARKDOWN);
    expect(await pre.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
    await trial.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await pre.textContent());
  });

  test('workspace output, favorites and history: the same view, model and count; previews end at a whole word', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    const long = `${'Summarize the quarterly report for the board in plain words. '.repeat(3)}Mention revenue.`;
    openai.respondWith({ kind: 'text', text: long });
    await perfect(page, 'Summarize the quarterly report');
    const outputRegion = page.getByRole('region', { name: 'Output', exact: true });
    await expect(outputRegion.getByTestId('result-meta')).toHaveText(/^GPT-4o Mini · ≈ \d+ tokens$/);
    await expect(outputRegion.getByRole('group', { name: 'Output view' })).toBeVisible();

    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await page.getByRole('button', { name: 'Favorites' }).click();
    const preview = page.getByTestId('favorite-item').getByTestId('favorite-optimized');
    const shown = (await preview.textContent()) ?? '';
    expect(shown.endsWith('...')).toBe(true);
    const kept = shown.slice(0, -3);
    // Every word of the preview is a whole word of the prompt.
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toMatch(/[\s.]/);
  });
});

test.describe('item 6: nothing lost', () => {
  test("the visitor's task and last result are carried into the workspace on sign-in", async ({ page, openai }) => {
    await page.goto('/');
    await promptBox(page).fill('Write a launch e-mail for our note-taking app');
    openai.respondWith({ kind: 'text', text: 'You are a copywriter. Write a launch e-mail.' });
    await page.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(page.locator('[data-remote="trial"]').getByTestId('trial-output')).toHaveText(
      'You are a copywriter. Write a launch e-mail.',
    );
    await signInLocally(page);
    await expect(promptBox(page)).toHaveValue('Write a launch e-mail for our note-taking app');
    await expect(output(page)).toHaveText('You are a copywriter. Write a launch e-mail.');
  });

  test('the draft survives a reload, per account; another account starts empty', async ({ page }) => {
    await openWorkspace(page);
    await promptBox(page).fill('Plan a team offsite');
    await showLanguageAndTone(page);
    await page.getByRole('button', { name: 'French' }).click();
    await page.getByRole('textbox', { name: 'Test input' }).fill('Twelve people, two days');
    await page.reload();
    await expect(promptBox(page)).toHaveValue('Plan a team offsite');
    // The closed "Language and tone" disclosure says the kept choice.
    await expect(page.getByTestId('ws-options-summary')).toHaveText('French · Normal');
    await expect(page.getByRole('textbox', { name: 'Test input' })).toHaveValue('Twelve people, two days');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInLocally(page, 'Bob Other', 'bob@example.com');
    await expect(promptBox(page)).toHaveValue('');
  });

  test('Clear shows Undo for 10 s, reached and pressed by keyboard; Escape dismisses', async ({ page, openai }) => {
    await openWorkspace(page);
    openai.respondWith({ kind: 'text', text: 'You are a planner. Plan a team offsite.' });
    await perfect(page, 'Plan a team offsite');
    await page.getByRole('textbox', { name: 'Test input' }).fill('Twelve people');
    await page.getByRole('button', { name: 'Clear', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(promptBox(page)).toHaveValue('');
    const toast = page.getByTestId('clear-undo-toast');
    await expect(toast.getByRole('status')).toHaveText('Prompt, options and tests cleared.');
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(promptBox(page)).toHaveValue('Plan a team offsite');
    await expect(promptBox(page)).toBeFocused();
    await expect(output(page)).toHaveText('You are a planner. Plan a team offsite.');
    await expect(page.getByRole('textbox', { name: 'Test input' })).toHaveValue('Twelve people');
    await expect(toast).toHaveCount(0);

    // Escape dismisses; what was cleared stays cleared.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);
    await expect(promptBox(page)).toHaveValue('');

    // Left alone, the offer ends after 10 s, even with the focus moved away. Timed in the page, from the
    // toast's appearing to its going, so a slow test runner cannot skew the figure.
    await promptBox(page).fill('Another task');
    await page.evaluate(() => {
      const watched = window as unknown as { toastShownMs?: Promise<number> };
      watched.toastShownMs = new Promise((resolve) => {
        let shownAt: number | null = null;
        const observer = new MutationObserver(() => {
          const present = document.querySelector('[data-testid="clear-undo-toast"]') !== null;
          if (present && shownAt === null) shownAt = performance.now();
          if (!present && shownAt !== null) {
            observer.disconnect();
            resolve(performance.now() - shownAt);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await promptBox(page).focus();
    await expect(toast).toBeVisible();
    const shownMs = await page.evaluate(() => (window as unknown as { toastShownMs: Promise<number> }).toastShownMs);
    expect(shownMs).toBeGreaterThanOrEqual(9_500);
    expect(shownMs).toBeLessThan(13_000);
  });

  test('each History version is labelled with the instruction that made it; the diff sheet is wide', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    openai.respondWith({ kind: 'text', text: 'Write a friendly launch e-mail. Keep it short.' });
    await perfect(page, 'Write a launch e-mail');
    openai.respondWith({
      kind: 'text',
      text: 'Write a friendly launch e-mail. Keep it short and add a call to action.',
    });
    await page.getByRole('button', { name: 'Continue Building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Continue Building' });
    await dialog.getByRole('textbox', { name: 'Additional requirements' }).fill('Add a call to action');
    await dialog.getByRole('button', { name: 'Enhance Prompt' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('dialog', { name: 'Prompt history' });
    const labels = panel.getByTestId('history-version-label');
    await expect(labels).toHaveText(['Instruction: Add a call to action', 'Perfected from the task']);
    await expect(panel.getByTestId('history-version').first()).toContainText('OpenAI · GPT-4o Mini');
    const width = await panel.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(900);
  });
});

test.describe('item 7: templates with {{variables}}', () => {
  test('the Email template: {{variables}} with suggested values, tone offered as choices, no Prompt-check finding', async ({
    page,
  }) => {
    const workspace = await openWorkspace(page);
    await choose(page, 'Templates', 'Email Assistant');
    await expect(promptBox(page)).toHaveValue(/\{\{tone\}\} tone to \{\{recipient\}\}/);
    const strip = workspace.getByRole('region', { name: 'Prompt check of your prompt' });
    await expect(strip.getByText('No issues found')).toBeVisible();
    const tone = page.getByRole('combobox', { name: '{{tone}}' });
    await expect(tone.locator('option')).toHaveText(['friendly', 'formal', 'casual']);
    await tone.focus();
    await tone.selectOption('formal');
    await expect(tone).toHaveValue('formal');
    await expect(page.getByRole('textbox', { name: '{{recipient}}' })).toHaveValue('a new customer');
    await expect(strip.getByText('No issues found')).toBeVisible();
  });
});
