import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openWorkspace } from './support/workspaceHelpers';

/**
 * Issue 47: "Check with model" in the composed app. The prompt check asks the Test model through
 * POST /api/lint; the model's findings appear tagged "model" beside the rules' with the call's cost;
 * offline the button is disabled and says why. Screenshots at 375 and 1280 px, light and dark.
 */

const PROMPT = 'Summarize the email below for a busy manager.\nHi team, the launch moves to Friday.';
const SHOTS = process.env.LINT_MODEL_SHOTS;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page
        .getByRole('region', { name: 'Prompt check of your prompt' })
        .screenshot({ path: `${SHOTS}/lintmodel-${name}-${scheme}-${width}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('Check with model', () => {
  test('asks the Test model and lists its findings tagged "model", keyboard reachable', async ({ page, openai }) => {
    const workspace = await openWorkspace(page);
    await workspace.getByRole('textbox', { name: 'Your prompt' }).fill(PROMPT);
    const strip = workspace.getByRole('region', { name: 'Prompt check of your prompt' });
    const button = strip.getByRole('button', { name: 'Check with model' });
    await expect(button).toBeEnabled();
    openai.respondWith({
      kind: 'text',
      text: JSON.stringify({
        findings: [
          {
            rule: 'undelimited-input',
            quote: 'Hi team, the launch moves to Friday.',
            why: 'The pasted email is not set apart from the task.',
            fix: 'Put the email between <email> tags.',
          },
        ],
      }),
    });
    await button.focus();
    await page.keyboard.press('Enter');
    const item = strip.locator('li', { hasText: 'The pasted email is not set apart from the task.' });
    await expect(item.getByText('model', { exact: true })).toBeVisible();
    await expect(item).toContainText('Suggestion: Put the email between <email> tags.');
    await expect(strip.getByText(/^Model check: openai:gpt-4o \(\d+ tokens, \$[\d.]+\)\.$/)).toBeVisible();
    expect(openai.requests.at(-1)?.body.messages[1]).toEqual({
      role: 'user',
      content: `<prompt>\n${PROMPT}\n</prompt>`,
    });
    const axe = await new AxeBuilder({ page }).include('[data-testid="prompt-check"]').analyze();
    expect(axe.violations).toEqual([]);
    await shots(page, 'done');

    // Another text: the model's findings were for the old one, so they go.
    await workspace.getByRole('textbox', { name: 'Your prompt' }).fill(`${PROMPT} Thanks.`);
    await expect(item).toHaveCount(0);
    await expect(strip.getByRole('button', { name: 'Check with model' })).toBeEnabled();
  });
});

test.describe('Check with model offline', () => {
  test.use({ providerKeys: 'none' });

  test('is disabled and says why', async ({ page }) => {
    const workspace = await openWorkspace(page);
    await workspace.getByRole('textbox', { name: 'Your prompt' }).fill(PROMPT);
    const strip = workspace.getByRole('region', { name: 'Prompt check of your prompt' });
    const button = strip.getByRole('button', { name: 'Check with model' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(
      'The model check needs an AI provider: none is configured on this server, so only the rules check prompts.',
    );
    await shots(page, 'offline');
  });
});
