import type { Page } from '@playwright/test';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import { expect, test } from './support/fixtures';
import { choose, openWorkspace, perfect } from './support/workspaceHelpers';

/**
 * Compare: the prompt's versions on several models at once, on the main screen. Two providers on
 * the fake upstreams stream at the same time through the proxy; each column names its own model.
 */

const CLAUDE = 'claude-3-5-haiku-20241022';
const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i} `);
const compare = (page: Page) => page.getByRole('region', { name: 'Compare', exact: true });
const column = (page: Page, n: number) => compare(page).getByRole('region', { name: `Column ${n}`, exact: true });
/** Signed in, with a prompt and its optimized version: the grid's first columns are set up. */
async function openWithResult(page: Page, openai: FakeUpstream) {
  await openWorkspace(page);
  openai.respondWith({ kind: 'text', text: 'You are a patient maths tutor. Explain each step.' });
  await perfect(page, 'help with maths homework');
}
const picker = (page: Page, n: number, what: 'model' | 'prompt') =>
  column(page, n).getByRole('combobox', { name: new RegExp(`^Column ${n} ${what}`) });
const answerText = (page: Page, n: number) => column(page, n).getByTestId('compare-answer-text');

for (const width of [1280, 375]) {
  test.describe(`Compare at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });
    const phone = width === 375;
    /** On a phone the columns are tabs: show the one asked for. */
    const show = async (page: Page, n: number) => {
      if (phone)
        await compare(page)
          .getByRole('tab', { name: new RegExp(`^${n}\\. `) })
          .click();
    };

    test('each column streams on its own model at once; Stop in one leaves the other running; it reopens from History after a reload', async ({
      page,
      openai,
      anthropic,
    }) => {
      await openWithResult(page, openai);
      const grid = compare(page);
      await expect(grid.getByRole('heading', { name: 'Compare' })).toBeVisible();
      if (phone) await expect(grid.getByRole('tablist', { name: 'Columns' })).toBeVisible();

      // The grid starts with the original and the optimized prompt on the Test model; column 2 moves to Claude.
      await show(page, 2);
      await choose(page, /^Column 2 model/, 'Claude 3.5 Haiku');
      await expect(picker(page, 2, 'model')).toHaveText('Claude 3.5 Haiku');
      await expect(picker(page, 2, 'prompt')).toHaveText('Optimized prompt');
      await show(page, 1);
      await expect(picker(page, 1, 'model')).toHaveText('GPT-4o');
      await expect(picker(page, 1, 'prompt')).toHaveText('Original prompt');
      await grid.getByRole('textbox', { name: 'Input for every column' }).fill('What is 12 x 12?');

      openai.respondWith({ kind: 'stream', pieces: ['OpenAI starts ', ...words(300, 'o')], delayMs: 40 });
      anthropic.respondWith({ kind: 'stream', pieces: ['Claude starts ', ...words(60, 'c')], delayMs: 40 });
      await grid.getByRole('button', { name: 'Run all' }).click();

      await expect(answerText(page, 1)).toContainText('OpenAI starts');
      await show(page, 2);
      await expect(answerText(page, 2)).toContainText('Claude starts');
      // Both at once, each request naming its own model and carrying its own prompt.
      expect(openai.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o', stream: true });
      expect(openai.requests.at(-1)?.body.messages).toEqual([
        { role: 'system', content: 'help with maths homework' },
        { role: 'user', content: 'What is 12 x 12?' },
      ]);
      expect(anthropic.requests.at(-1)?.body).toMatchObject({
        model: CLAUDE,
        stream: true,
        system: 'You are a patient maths tutor. Explain each step.',
      });

      await show(page, 1);
      await column(page, 1).getByRole('button', { name: 'Stop column 1' }).click();
      await expect(column(page, 1)).toContainText('Stopped before the answer ended.');
      await expect.poll(() => openai.abortedByCaller).toBe(1);
      const stopped = (await answerText(page, 1).textContent()) ?? '';
      expect(stopped).not.toContain('o299');
      await expect(column(page, 1).getByTestId('compare-figures')).toContainText('Tokens (estimate)');

      // Column 2 went on to the end of its answer, with the provider's own token counts.
      await show(page, 2);
      await expect(answerText(page, 2)).toContainText('c59', { timeout: 20_000 });
      expect(anthropic.abortedByCaller).toBe(0);
      const figures = column(page, 2).getByTestId('compare-figures');
      await expect(figures).toContainText('First text');
      await expect(figures).toContainText('Total');
      await expect(figures).toContainText('10 in · 20 out');
      await expect(figures).not.toContainText('estimate');
      // 10 x $0.80/M + 20 x $4/M for Claude 3.5 Haiku
      await expect(figures).toContainText(/Cost<\s\$0\.0001/);
      await expect(column(page, 2).getByRole('button', { name: 'Run column 2' })).toBeVisible();

      // Kept in History: after a reload it opens in the grid again, as it was.
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Your prompt' })).toBeVisible({ timeout: 60_000 });
      await page.getByRole('button', { name: 'History' }).click();
      const kept = page.getByTestId('history-comparison');
      await expect(kept).toHaveCount(1);
      await expect(kept).toContainText('GPT-4o, Claude 3.5 Haiku');
      await kept.getByRole('button', { name: 'Open comparison' }).click();
      await expect(grid.getByRole('textbox', { name: 'Input for every column' })).toHaveValue('What is 12 x 12?');
      await show(page, 1);
      await expect(column(page, 1)).toContainText('Stopped before the answer ended.');
      await expect(answerText(page, 1)).toHaveText(stopped.trim());
      await show(page, 2);
      await expect(answerText(page, 2)).toContainText('Claude starts');
      await expect(picker(page, 2, 'model')).toHaveText('Claude 3.5 Haiku');
    });
  });
}

test('a column’s answer is judged with the rubric of the test set open in Prove', async ({
  page,
  openai,
  anthropic,
}) => {
  await openWithResult(page, openai);
  const judgeButton = compare(page).getByRole('button', { name: /^Judge column 2/ });
  await choose(page, /^Column 2 model/, 'Claude 3.5 Haiku');
  anthropic.respondWith({ kind: 'stream', pieces: ['12 x 12 ', 'is 144.'] });
  await column(page, 2).getByRole('button', { name: 'Run column 2' }).click();
  await expect(answerText(page, 2)).toHaveText('12 x 12 is 144.');
  // No test set open: nothing to judge with.
  await expect(judgeButton).toHaveCount(0);

  await page.getByRole('button', { name: 'Prove' }).click();
  const prove = page.getByRole('dialog', { name: 'Prove this prompt' });
  await prove.getByLabel('Scoring rubric').fill('The answer states the result and shows the working.');
  await page.keyboard.press('Escape');
  await expect(prove).toBeHidden();

  anthropic.respondWith({ kind: 'text', text: '{"score": 4, "critique": "Right result, little working shown."}' });
  await judgeButton.click();
  await expect(column(page, 2).getByTestId('compare-verdict')).toHaveText(
    'Score 4/5 by Claude 3.7 Sonnet: Right result, little working shown.',
  );
  const judged = anthropic.requests.at(-1)?.body;
  expect(judged.model).toBe('claude-3-7-sonnet-20250219');
  expect(JSON.stringify(judged.messages)).toContain('The answer states the result and shows the working.');
  expect(JSON.stringify(judged.messages)).toContain('12 x 12 is 144.');
  expect(openai.requests.filter((r) => r.body?.model === 'claude-3-7-sonnet-20250219')).toHaveLength(0);
});
