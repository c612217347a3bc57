import type { Page } from '@playwright/test';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import { openHistoryShowing, openWorkspace, output, testOutput } from './support/workspaceHelpers';

/**
 * Streaming in the composed app: the fake providers stream SSE chunks with delays (both wire
 * formats) through the real SDKs in proxy-server, which forwards them to the page as they come.
 */

const words = (n: number, prefix = 'word') => Array.from({ length: n }, (_, i) => `${prefix}${i} `);
const perfectButton = (page: Page) => page.getByRole('button', { name: 'Perfect', exact: true });
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop' });
const headerXp = (page: Page) => page.getByTestId('header-xp');

test.describe('streamed answers', () => {
  test('Perfect shows text before the answer ends; Stop keeps it marked Stopped, closes the upstream connection and enables Perfect', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    openai.respondWith({ kind: 'stream', pieces: ['First words ', ...words(200)], delayMs: 40 });
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Write a release note');
    await perfectButton(page).click();

    // The busy label shows until the first text; then the text and a Stop button.
    await expect(output(page)).toContainText('First words');
    await expect(stopButton(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Perfecting...' })).toBeDisabled();
    await expect(output(page)).toContainText('word3');
    expect(openai.abortedByCaller).toBe(0);

    await stopButton(page).click();
    await expect(stopButton(page)).toBeHidden();
    await expect(perfectButton(page)).toBeEnabled();
    // The provider saw the connection close: the proxy hung up on it.
    await expect.poll(() => openai.abortedByCaller).toBe(1);
    // The partial text stays, marked Stopped and apart from the result (there was no earlier one);
    // it earns nothing, and the stopped run was recorded in the account.
    const stopped = page.getByTestId('workspace-stopped-output');
    const kept = (await stopped.getByTestId('stopped-text').textContent()) ?? '';
    expect(kept).toContain('First words');
    expect(kept).not.toContain('word199');
    await expect(stopped).toContainText('Stopped');
    await expect(output(page)).toHaveText('Your optimized prompt will appear here.');
    await expect(page.getByRole('button', { name: 'Copy' })).toBeDisabled();
    await expect(headerXp(page)).toHaveText('0');
    // History keeps it as what it is: a run stopped before its answer ended.
    await openHistoryShowing(page, 'Stopped before the answer ended');
    const version = page.getByTestId('history-version').first();
    await expect(version).toContainText('Stopped before the answer ended');
    await expect(version).toContainText('First words');
    await screenshotBothWidths(page, 'history-stopped');
  });

  test('Anthropic streams too; a provider error mid-answer shows the mapped message beside the partial text', async ({
    page,
    anthropic,
  }) => {
    await openWorkspace(page);
    await page.getByRole('radio', { name: 'Anthropic/Claude' }).click();
    anthropic.respondWith({
      kind: 'stream',
      pieces: ['Partial ', 'claude ', 'answer '],
      delayMs: 30,
      failAfter: 3,
      failMessage: 'Overloaded',
    });
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Plan a launch');
    await perfectButton(page).click();
    await expect(page.getByTestId('workspace-output-interruption')).toContainText('Error: ');
    await expect(page.getByTestId('workspace-output-interruption')).toHaveText(
      'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.',
    );
    // The provider's own words, under Details.
    await page.getByText('Details', { exact: true }).click();
    await expect(page.getByTestId('failure-details')).toContainText('Overloaded');
    await expect(output(page)).toContainText('Partial claude answer');
    await expect(perfectButton(page)).toBeEnabled();
    // A failed run records nothing.
    await expect(headerXp(page)).toHaveText('0');
  });

  test('Test Prompt streams on the test model and can be stopped', async ({ page, openai }) => {
    await openWorkspace(page);
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Summarise articles');
    await perfectButton(page).click();
    await expect(perfectButton(page)).toBeEnabled();

    openai.respondWith({ kind: 'stream', pieces: ['Test answer begins ', ...words(200, 't')], delayMs: 40 });
    await page.getByRole('textbox', { name: 'Test input' }).fill('An article about bees');
    await page.getByRole('button', { name: 'Run Test' }).click();
    await expect(testOutput(page)).toContainText('Test answer begins');
    const panel = page.getByRole('region', { name: 'Test Prompt' });
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Run Test' })).toBeEnabled();
    await expect.poll(() => openai.abortedByCaller).toBe(1);
    await expect(testOutput(page)).toContainText('Test answer begins');
    await expect(page.getByTestId('test-output-stopped')).toContainText('Stopped');
    expect(openai.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o', stream: true });
  });

  test('closing the page mid-answer makes the server hang up on the provider', async ({ page, openai }) => {
    await openWorkspace(page);
    openai.respondWith({ kind: 'stream', pieces: words(300), delayMs: 40 });
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('A long answer');
    await perfectButton(page).click();
    await expect(output(page)).toContainText('word2');
    await page.close();
    await expect.poll(() => openai.abortedByCaller).toBe(1);
  });
});

test.describe('streamed visitor trial', () => {
  test('the trial streams, Stop keeps the text and the stopped run counts', async ({ page, openai }) => {
    await page.goto('/');
    const trial = page.locator('[data-remote="trial"]');
    await expect(trial.getByRole('textbox', { name: 'Your prompt' })).toBeVisible();
    openai.respondWith({ kind: 'stream', pieces: ['Act as a chef. ', ...words(200, 'dish')], delayMs: 40 });
    await trial.getByRole('textbox', { name: 'Your prompt' }).fill('dinner ideas');
    await trial.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(trial.getByTestId('trial-output')).toContainText('Act as a chef.');
    await trial.getByRole('button', { name: 'Stop' }).click();
    await expect(trial.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect.poll(() => openai.abortedByCaller).toBe(1);
    await expect(trial.getByTestId('trial-output')).toContainText('Act as a chef.');
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('9 of 10 free trials left');
  });

  test('a run that fails before any text does not count', async ({ page, openai }) => {
    await page.goto('/');
    const trial = page.locator('[data-remote="trial"]');
    openai.respondWith({ kind: 'status', status: 429, message: 'Rate limit reached for gpt-4o-mini' });
    await trial.getByRole('textbox', { name: 'Your prompt' }).fill('dinner ideas');
    await trial.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(trial.getByTestId('trial-output')).toHaveText(
      'Error: Too many requests. Please wait a moment and try again.',
    );
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName('10 of 10 free trials left');
  });
});
