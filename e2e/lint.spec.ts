import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import { lastBody, openWorkspace, output, perfect, testOutput } from './support/workspaceHelpers';

/**
 * The Prompt check in the composed app: findings appear under the prompt box as the user types,
 * Fix previews its edit, Apply makes it (Ctrl+Z takes it back) and the finding goes; {{variables}} get
 * test values that reach the provider.
 */

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Your prompt' });
const finding = (strip: Locator, rule: string) => strip.locator(`li[data-rule="${rule}"]`);

/** Fix opens the preview of the edit; Apply makes it. */
async function applyFix(item: Locator, label: string) {
  await item.getByRole('button', { name: `Fix: ${label}` }).click();
  await item
    .getByRole('group', { name: `Preview: ${label}` })
    .getByRole('button', { name: 'Apply fix' })
    .click();
}

test.describe('Prompt check', () => {
  test('workspace: findings with Why? and Fix, underlines, variables filled into Test Prompt, a lost variable in the output', async ({
    page,
    openai,
  }) => {
    const workspace = await openWorkspace(page);
    await promptBox(page).fill(
      'Use a friendly tone. Summarize {{document}} for {{audience}} in 5 bullet points. Use a friendly tone.',
    );

    const strip = workspace.getByRole('region', { name: 'Prompt check of your prompt' });
    await expect(strip.getByText('3 findings')).toBeVisible();
    await expect(finding(strip, 'unresolved-variable')).toHaveCount(2);
    // A placeholder is not pasted data (the rule definitions): only its missing test value is noted.
    await expect(finding(strip, 'undelimited-input')).toHaveCount(0);
    // While writing, a variable waiting for its test value is a note, not an error.
    await expect(finding(strip, 'unresolved-variable').first()).toHaveAttribute('data-severity', 'info');
    await expect(workspace.getByTestId('prompt-underlines').locator('[data-severity]')).toHaveText([
      '{{document}}',
      '{{audience}}',
      'Use a friendly tone.',
    ]);
    await expect(workspace.getByTestId('prompt-underlines').locator('[data-severity="error"]')).toHaveCount(0);
    await screenshotBothWidths(page, 'lint-workspace');
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="prompt-check"]')
      .include('[data-testid="workspace-variables"]')
      .analyze();
    expect(axe.violations).toEqual([]);

    // Why? is a native disclosure: keyboard opens it.
    const duplicate = finding(strip, 'duplicate-instruction');
    await duplicate.getByText('Why?').focus();
    await page.keyboard.press('Enter');
    await expect(duplicate.getByText(/Saying the same thing twice/)).toBeVisible();

    await duplicate.getByRole('button', { name: 'Fix: Remove the repeat' }).click();
    const preview = duplicate.getByRole('group', { name: 'Preview: Remove the repeat' });
    await expect(preview.locator('del')).toHaveText(' Use a friendly tone.');
    await expect(promptBox(page)).toHaveValue(
      'Use a friendly tone. Summarize {{document}} for {{audience}} in 5 bullet points. Use a friendly tone.',
    );
    await preview.getByRole('button', { name: 'Apply fix' }).click();
    await expect(promptBox(page)).toHaveValue(
      'Use a friendly tone. Summarize {{document}} for {{audience}} in 5 bullet points.',
    );
    await expect(finding(strip, 'duplicate-instruction')).toHaveCount(0);

    // The Variables form: one test value per variable; the missing-value findings go once filled.
    const variables = workspace.getByRole('group', { name: 'Variables' });
    await variables
      .getByRole('textbox', { name: '{{document}}' })
      .fill('The council approved the new budget on Monday.');
    await variables.getByRole('textbox', { name: '{{audience}}' }).fill('residents');
    await expect(strip.getByText('No issues found')).toBeVisible();

    // The optimizer is told to keep the placeholders; the fake answer drops {{audience}}.
    openai.respondWith({
      kind: 'text',
      text: 'You are an expert assistant. Summarize <document>{{document}}</document> in 5 bullet points.',
    });
    await perfect(page);
    expect(lastBody(openai).messages[0].content).toContain(
      'placeholders that are filled in later: {{document}}, {{audience}}. Keep every one of them exactly as written',
    );
    await expect(output(page)).toContainText('Summarize <document>{{document}}</document> in 5 bullet points.');
    const outputCheck = workspace
      .getByRole('region', { name: 'Output' })
      .locator('..')
      .getByRole('region', { name: 'Prompt check of the optimized prompt' });
    const lost = finding(outputCheck, 'lost-variable');
    await expect(lost).toContainText('{{audience}} from your prompt is missing here');
    await applyFix(lost, 'Add {{audience}} back');
    await expect(outputCheck.getByText('No issues found')).toBeVisible();

    // Test Prompt sends the optimized prompt with the test values in place of the placeholders.
    await page.getByRole('textbox', { name: 'Test input' }).fill('Go');
    await page.getByRole('button', { name: 'Run Test' }).click();
    await expect(testOutput(page)).not.toContainText('Testing...');
    const system: string = lastBody(openai).messages[0].content;
    expect(system).toContain('<document>The council approved the new budget on Monday.</document>');
    expect(system).toContain('<audience>\nresidents\n</audience>');
    expect(system).not.toMatch(/\{\{/);
    await screenshotBothWidths(page, 'lint-workspace-output');
  });

  test('trial: a visitor sees findings as they type, and Fix removes them', async ({ page }) => {
    await page.goto('/');
    const trial = page.locator('[data-remote="trial"]');
    await expect(promptBox(page)).toBeVisible();
    await promptBox(page).fill('Be concise. Explain every step in great detail. Give me some ideas for a party.');
    const strip = trial.getByRole('region', { name: 'Prompt check of your prompt' });
    await expect(strip.getByText('3 findings')).toBeVisible();
    await expect(finding(strip, 'conflicting-constraints')).toContainText(
      '"in great detail" conflicts with "Be concise"',
    );
    await expect(finding(strip, 'conflicting-constraints').getByRole('button')).toHaveCount(0);
    await expect(trial.getByTestId('prompt-underlines').locator('[data-severity]')).toHaveText([
      'Be concise',
      'in great detail',
      'some',
    ]);
    const axe = await new AxeBuilder({ page }).include('[data-testid="prompt-check"]').analyze();
    expect(axe.violations).toEqual([]);

    // Keyboard: Tab reaches Fix, Enter opens the preview with Apply focused, Enter applies it.
    const fix = strip.getByRole('button', { name: 'Fix: Ask for 5' });
    await fix.focus();
    await page.keyboard.press('Enter');
    const preview = strip.getByRole('group', { name: 'Preview: Ask for 5' });
    await expect(preview.locator('del')).toHaveText('some');
    await expect(preview.locator('ins')).toHaveText('5');
    await expect(preview.getByRole('button', { name: 'Apply fix' })).toBeFocused();
    await screenshotBothWidths(page, 'lint-trial-preview');
    await page.keyboard.press('Enter');
    await expect(promptBox(page)).toHaveValue(
      'Be concise. Explain every step in great detail. Give me 5 ideas for a party.',
    );
    // A count is given now, so "Be concise" is no longer the only measure: one finding left.
    await expect(strip.getByText('1 finding')).toBeVisible();
    await expect(strip.getByRole('button', { name: 'Fix: Ask for 5' })).toHaveCount(0);
    await screenshotBothWidths(page, 'lint-trial');

    // The fix is an edit of the box like any other: Ctrl+Z in the box takes it back.
    await expect(promptBox(page)).toBeFocused();
    await page.keyboard.press('Control+z');
    await expect(promptBox(page)).toHaveValue(
      'Be concise. Explain every step in great detail. Give me some ideas for a party.',
    );
    await expect(strip.getByText('3 findings')).toBeVisible();

    // "Be concise" becomes a number of sentences that reads as English; Ctrl+Z takes it back too.
    await applyFix(finding(strip, 'vague-quantifier').first(), 'Say at most 3 sentences');
    await expect(promptBox(page)).toHaveValue(
      'Use at most 3 sentences. Explain every step in great detail. Give me some ideas for a party.',
    );
    await page.keyboard.press('Control+z');
    await expect(promptBox(page)).toHaveValue(
      'Be concise. Explain every step in great detail. Give me some ideas for a party.',
    );
  });
});
