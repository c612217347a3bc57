import type { Locator, Page } from '@playwright/test';
import { expect, REMOTE_FIRST_LOAD_MS, signInLocally } from './fixtures';

/**
 * Signs in with the local identity (as `name` and `email`, Ada by default) and waits for the workspace
 * remote's prompt box. A slot that shows its "unavailable" fallback instead fails at once, saying so.
 */
export async function openWorkspace(page: Page, name?: string, email?: string) {
  await signInLocally(page, name, email);
  const workspace = page.locator('[data-remote="workspace"]');
  const promptBox = workspace.getByRole('textbox', { name: 'Your prompt' });
  const unavailable = page.getByRole('alert', { name: 'Workspace unavailable' });
  await expect(promptBox.or(unavailable)).toBeVisible({ timeout: REMOTE_FIRST_LOAD_MS });
  expect(await unavailable.isVisible(), 'the workspace remote failed to load').toBe(false);
  return workspace;
}

/** Opens the "Language and tone" disclosure (closed at first) so its buttons can be pressed. */
export async function showLanguageAndTone(page: Page) {
  const details = page.locator('details', { has: page.getByTestId('ws-options-summary') });
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await page.getByTestId('ws-options-summary').click();
  await expect(page.getByRole('group', { name: 'Tone' })).toBeVisible();
}

/** Picks an option of a Radix Select (a combobox) by the option's visible name. */
export async function choose(page: Page, combobox: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  const item = page.getByRole('option', { name: option });
  // Settle the list first: a click during Radix's auto-scroll can land on a moving option.
  await item.scrollIntoViewIfNeeded();
  await item.hover();
  await item.click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A result region's text: the result's own text (not its view toggle and model line), else its placeholder or error line. */
const resultTextIn = (region: Locator) =>
  region.getByTestId('result-text').or(region.locator(':scope > p:not([data-testid])'));
/** A Perfect that failed before any text: the message and Retry, beside the output. */
export const runError = (page: Page) => page.getByTestId('workspace-run-error');

export const output = (page: Page) => resultTextIn(page.getByRole('region', { name: 'Output', exact: true }));
export const testOutput = (page: Page) => resultTextIn(page.getByRole('region', { name: 'Test output' }));

/** Types into the prompt box and presses Perfect, then waits until it is idle again. */
export async function perfect(page: Page, text?: string) {
  if (text !== undefined) await page.getByRole('textbox', { name: 'Your prompt' }).fill(text);
  await page.getByRole('button', { name: 'Perfect' }).click();
  await expect(page.getByRole('button', { name: 'Perfect' })).toBeEnabled();
}

/**
 * Opens History until it lists `text`. A stopped run is recorded once the server sees the page hang
 * up, which on a busy machine can come after History has loaded: closing and opening it again reloads.
 */
export async function openHistoryShowing(page: Page, text: string) {
  const history = page.getByRole('dialog', { name: 'Prompt history' });
  await expect(async () => {
    if (await history.isVisible()) await history.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    await expect(history.getByText(text).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return history;
}

/** The body the fake provider received last. */
export function lastBody(fake: { requests: Array<{ body: any }> }) {
  return fake.requests[fake.requests.length - 1]?.body;
}
