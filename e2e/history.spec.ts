import type { Page } from '@playwright/test';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import { openWorkspace, output, perfect } from './support/workspaceHelpers';

const TASK = 'Write a launch e-mail for our note-taking app';
const V1 = 'Write a friendly launch e-mail for our note-taking app. Keep it short.';
const V2 = 'Write a friendly launch e-mail for our note-taking app. Keep it short and add a clear call to action.';
const V3 = 'Write a warm launch e-mail for our note-taking app. Add a clear call to action and a discount code.';

async function continueWith(page: Page, additions: string, answer: string) {
  await page.getByRole('button', { name: 'Continue Building' }).click();
  const dialog = page.getByRole('dialog', { name: 'Continue Building' });
  await dialog.getByRole('textbox', { name: 'Additional requirements' }).fill(additions);
  await dialog.getByRole('button', { name: 'Enhance Prompt' }).click();
  await expect(dialog).toBeHidden();
  await expect(output(page)).toHaveText(answer);
}

const historyPanel = (page: Page) => page.getByRole('dialog', { name: 'Prompt history' });

async function buildChain(page: Page, openai: { respondWith: (...b: any[]) => void }) {
  await openWorkspace(page);
  openai.respondWith({ kind: 'text', text: V1 });
  await perfect(page, TASK);
  await expect(output(page)).toHaveText(V1);
  openai.respondWith({ kind: 'text', text: V2 });
  await continueWith(page, 'Add a call to action', V2);
  openai.respondWith({ kind: 'text', text: V3 });
  await continueWith(page, 'Warmer, with a discount code', V3);
}

test.describe('versions, diff and compare', () => {
  test('a chain of three versions: listed newest first, restored, diffed word by word, all by keyboard', async ({
    page,
    openai,
  }) => {
    await buildChain(page, openai);
    const opener = page.getByRole('button', { name: 'History' });
    await opener.click();
    const panel = historyPanel(page);
    const versions = panel.getByTestId('history-version');
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText('Version 3 (shown now)');
    await expect(versions.nth(0)).toContainText('OpenAI · GPT-4o Mini');
    await expect(versions.nth(2)).toContainText('Version 1');
    await expect(panel).toContainText(`Task: ${TASK}`);

    // Diff version 1 -> version 3.
    await panel.getByRole('checkbox', { name: 'Compare version 1' }).check();
    await panel.getByRole('checkbox', { name: 'Compare version 3' }).check();
    const diff = panel.getByRole('region', { name: 'Differences from version 1 to version 3' });
    await expect(diff.locator('ins').filter({ hasText: 'warm' })).toHaveCount(1);
    await expect(diff.locator('del').filter({ hasText: 'friendly' })).toHaveCount(1);
    await expect(diff.locator('ins').first()).toContainText('added:');
    await expect(diff.getByRole('status')).toHaveText(/\d+ added, \d+ removed\./);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshotBothWidths(page, `history-diff-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Restore version 1 by keyboard: output, task and Continue Building now refine version 1.
    await versions.nth(2).getByRole('button', { name: 'Restore' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(output(page)).toHaveText(V1);
    await expect(page.getByRole('textbox', { name: 'Your prompt' })).toHaveValue(TASK);
    const V4 = 'Write a friendly launch e-mail for our note-taking app. Keep it short. Mention offline mode.';
    openai.respondWith({ kind: 'text', text: V4 });
    await continueWith(page, 'Mention offline mode', V4);
    await opener.press('Enter');
    await expect(versions).toHaveCount(4);
    await expect(versions.nth(0)).toContainText('Version 4 (shown now)');
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
  });

  test('earlier prompts are listed and searchable; a version can be favorited after Restore', async ({
    page,
    openai,
  }) => {
    await buildChain(page, openai);
    openai.respondWith({ kind: 'text', text: 'Plan a three-day trip to Lisbon with a budget.' });
    await perfect(page, 'plan a trip to lisbon');
    await page.getByRole('button', { name: 'History' }).click();
    const panel = historyPanel(page);
    const earlier = panel.getByRole('list', { name: 'Earlier prompts' }).getByRole('listitem');
    await expect(earlier).toHaveCount(2);
    await expect(earlier.nth(1)).toContainText('3 versions');
    await panel.getByRole('searchbox', { name: 'Search history' }).fill('discount');
    await expect(earlier).toHaveCount(1);
    // The hit is the version that matched; opening it shows its whole chain and task.
    await expect(earlier.first()).toContainText('Warmer, with a discount code');
    await earlier
      .first()
      .getByRole('button', { name: /Show versions of/ })
      .click();
    await expect(panel.getByRole('heading', { name: 'Versions of this prompt' })).toBeFocused();
    await expect(panel).toContainText(`Task: ${TASK}`);
    await expect(panel.getByTestId('history-version')).toHaveCount(3);
    await panel.getByTestId('history-version').nth(1).getByRole('button', { name: 'Restore' }).click();
    await expect(output(page)).toHaveText(V2);
    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();
  });

  test('Compare runs the sample through the original and the optimized prompt side by side; a failing side shows its own error', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    openai.respondWith({ kind: 'text', text: V1 });
    await perfect(page, TASK);
    await page.getByRole('textbox', { name: 'Test input' }).fill('Launch is on Monday');
    const before = openai.requests.length;
    openai.respondWith(
      { kind: 'slow', delayMs: 300, text: 'First answer.' },
      { kind: 'slow', delayMs: 300, text: 'Second answer.' },
    );
    await page.getByRole('button', { name: 'Compare' }).click();
    const originalSide = page.getByRole('region', { name: 'Original prompt result' });
    const optimizedSide = page.getByRole('region', { name: 'Optimized prompt result' });
    await expect(page.getByRole('button', { name: 'Compare' })).toBeEnabled();

    const [first, second] = openai.requests.slice(before);
    const system = (r: { body: any }) => r.body.messages[0].content as string;
    const isOriginal = (r: { body: any }) => system(r).includes(TASK) && !system(r).includes(V1);
    expect([first, second].filter(isOriginal)).toHaveLength(1);
    expect([first, second].filter((r) => system(r).includes(V1))).toHaveLength(1);
    for (const r of [first, second]) {
      expect(r.body.model).toBe('gpt-4o');
      expect(r.body.messages[1]).toEqual({ role: 'user', content: 'Launch is on Monday' });
    }
    const [originalAnswer, optimizedAnswer] = isOriginal(first)
      ? ['First answer.', 'Second answer.']
      : ['Second answer.', 'First answer.'];
    await expect(originalSide).toContainText(originalAnswer);
    await expect(optimizedSide).toContainText(optimizedAnswer);
    await screenshotBothWidths(page, 'compare-light');
    await page.setViewportSize({ width: 375, height: 800 });
    const [a, b] = [(await originalSide.boundingBox())!, (await optimizedSide.boundingBox())!];
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshotBothWidths(page, 'compare-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // One side fails: its error shows on that side only.
    const next = openai.requests.length;
    openai.respondWith(
      { kind: 'slow', delayMs: 200, text: 'Works fine.' },
      { kind: 'status', status: 500, message: 'boom' },
    );
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByRole('button', { name: 'Compare' })).toBeEnabled();
    const firstIsOriginal = isOriginal(openai.requests[next]);
    const [ok, failed] = firstIsOriginal ? [originalSide, optimizedSide] : [optimizedSide, originalSide];
    await expect(ok).toContainText('Works fine.');
    await expect(failed).toContainText('Error: OpenAI API error: boom');
    await expect(ok).not.toContainText('Error');
  });
});
