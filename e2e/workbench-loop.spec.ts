import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openWorkspace, output, runError } from './support/workspaceHelpers';

/**
 * [workbench] items 2 and 3 in the composed app: control while waiting (Stop from the start, the
 * model and elapsed seconds), and errors beside the result with Retry, the last good result kept.
 */
const perfectButton = (page: Page) => page.getByRole('button', { name: 'Perfect', exact: true });
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop' });

test.describe('workspace: waiting and errors', () => {
  test('Stop shows from the start with the model and seconds waited; stopping before any text changes nothing', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    openai.respondWith({ kind: 'slow', delayMs: 30_000, text: 'Too late.' });
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Write a release note');
    await perfectButton(page).click();
    await expect(stopButton(page)).toBeVisible();
    const waiting = page.getByTestId('waiting-line');
    await expect(waiting).toHaveText(/^Perfecting\.\.\. · GPT-4o Mini · \d+ s$/);
    await expect(waiting).toHaveText(/ · [1-9]\d* s$/, { timeout: 5_000 });
    // Keyboard: Stop is a button in the tab order.
    await stopButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(stopButton(page)).toBeHidden();
    await expect(perfectButton(page)).toBeEnabled();
    await expect.poll(() => openai.abortedByCaller).toBe(1);
    await expect(runError(page)).toBeHidden();
    await expect(output(page)).toHaveText('Your optimized prompt will appear here.');
  });

  test('a failure shows beside the last good result, Copy copies the result, Retry runs again; a 429 says when to retry', async ({
    page,
    openai,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openWorkspace(page);
    openai.respondWith({ kind: 'text', text: 'You are a release-note writer. Summarise the changes.' });
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Write a release note');
    await perfectButton(page).click();
    await expect(output(page)).toContainText('You are a release-note writer.');

    openai.respondWith({ kind: 'status', status: 500, message: 'upstream exploded' });
    await perfectButton(page).click();
    const sentence = 'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.';
    await expect(runError(page)).toContainText(sentence);
    await expect(page.getByTestId('workspace-run-status')).toHaveText(sentence);
    // The provider's own words, under Details (a native disclosure: closed until asked).
    const details = runError(page).getByTestId('failure-details');
    await expect(details.getByText('OpenAI API error: upstream exploded')).toBeHidden();
    await details.getByText('Details').click();
    await expect(details.getByText('OpenAI API error: upstream exploded')).toBeVisible();
    await expect(output(page)).toContainText('You are a release-note writer.');
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'You are a release-note writer. Summarise the changes.',
    );
    await expect(page.getByRole('button', { name: 'Favorite', exact: true })).toBeEnabled();

    openai.respondWith({ kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '7' } });
    await runError(page).getByRole('button', { name: 'Retry' }).click();
    await expect(runError(page)).toContainText('Try again in 7 s.');

    openai.respondWith({ kind: 'text', text: 'You are a careful release-note writer.' });
    await runError(page).getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await expect(output(page)).toContainText('You are a careful release-note writer.');
    await expect(runError(page)).toBeHidden();
  });
});

test.describe('visitor: waiting and errors', () => {
  test('Stop from the start; a failure says the free run was not used, keeps the last result, and Retry works', async ({
    page,
    openai,
  }) => {
    await page.goto('/');
    const trial = page.locator('[data-remote="trial"]');
    const box = trial.getByRole('textbox', { name: 'Your prompt' });
    await box.fill('dinner ideas');
    openai.respondWith({ kind: 'text', text: 'You are a chef. Suggest five dinners.' });
    await trial.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(trial.getByTestId('trial-output')).toContainText('You are a chef.');
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('9 of 10 free trials left');

    openai.respondWith({ kind: 'slow', delayMs: 30_000, text: 'Too late.' });
    await trial.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(trial.getByTestId('waiting-line')).toHaveText(/^Perfecting\.\.\. · GPT-4o Mini · \d+ s$/);
    await trial.getByRole('button', { name: 'Stop' }).click();
    await expect(trial.getByTestId('trial-output')).toContainText('You are a chef.');
    // The model was already called, so a stopped run counts (as the server counts it).
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('8 of 10 free trials left');

    openai.respondWith({ kind: 'status', status: 500, message: 'The server had an error' });
    await trial.getByRole('button', { name: 'Perfect', exact: true }).click();
    const alert = trial.getByRole('alert');
    await expect(alert).toContainText('This run did not use one of your free runs.');
    await expect(trial.getByTestId('trial-previous-output')).toContainText('You are a chef.');
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('8 of 10 free trials left');

    openai.respondWith({ kind: 'text', text: 'You are a chef. Suggest seven dinners.' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(trial.getByTestId('trial-output')).toContainText('Suggest seven dinners.');
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('7 of 10 free trials left');
  });
});
