import type { Locator, Page } from '@playwright/test';
import { SIMULATED_ROUGH_PROMPT } from '@prompt-perfect/test-support/prove/simulatedTask';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import { openWorkspace } from './support/workspaceHelpers';

const provePanel = (page: Page) => page.getByRole('dialog', { name: 'Prove this prompt' });
const caseRows = (panel: Locator) => panel.locator('[data-prove-cases] > li');

test.describe('prove a prompt against the simulated model', () => {
  test("draft -> edit -> evaluate -> expand an answer -> optimize -> a rejected edit's diff -> use the tested version -> stop", async ({
    page,
    openai,
  }) => {
    test.setTimeout(120_000);
    // The fake OpenAI answers like the simulated model: JSON, word limit and persona only when told.
    openai.simulateAnswers(true);
    await openWorkspace(page);
    await page.getByRole('textbox', { name: 'Your prompt' }).fill(SIMULATED_ROUGH_PROMPT);
    await page.getByRole('button', { name: 'Prove' }).click();
    const panel = provePanel(page);

    // Draft, then edit: one case reworded, one removed, one added.
    await panel.getByRole('button', { name: 'Draft test cases' }).click();
    await expect(caseRows(panel)).toHaveCount(10);
    await expect(panel.getByLabel('Scoring rubric')).toHaveValue(/valid JSON only/);
    await panel.getByLabel('Case 1 input', { exact: true }).fill('Which boots suit a rocky summer scramble?');
    await panel.getByRole('button', { name: 'Remove case 2' }).click();
    await panel.getByRole('button', { name: 'Add case' }).click();
    await expect(caseRows(panel)).toHaveCount(10);
    await panel.getByLabel('Case 10 input', { exact: true }).fill('Do you rent snowshoes for a weekend?');
    await panel.getByLabel('Name').fill('Hiking help desk');
    await panel.getByRole('button', { name: 'Save test set' }).click();
    await expect(panel.getByText('All changes saved')).toBeVisible();
    await screenshotBothWidths(page, 'prove-test-set');

    // Evaluate: every case scored, the mean with its interval.
    await panel.getByRole('tab', { name: 'Evaluate' }).click();
    await panel.getByRole('button', { name: 'Evaluate prompt' }).click();
    const original = panel.getByRole('region', { name: 'Your prompt' });
    await expect(original.getByText(/^Mean [\d.]+ \/ 5, 95% CI [\d.]+ to [\d.]+ \(10 cases\)/)).toBeVisible({
      timeout: 30_000,
    });
    const scored = original.getByRole('list', { name: 'Your prompt: scores by case' }).getByRole('listitem');
    await expect(scored).toHaveCount(10);
    // Each answer is folded under its score and critique; the keyboard opens it too.
    const firstCase = scored.filter({ hasText: 'Case 1:' });
    await firstCase.getByText('Answer to case 1').focus();
    await page.keyboard.press('Enter');
    await expect(firstCase.getByTestId('case-answer')).toContainText('rocky summer scramble');
    // The prompt runs on the Test model (gpt-4o); the judge is another model.
    const isJudgeCall = (body: unknown) => JSON.stringify(body).includes('Rubric');
    const judgeCall = openai.requests.find((r) => isJudgeCall(r.body));
    const answerCall = openai.requests.find(
      (r) => !isJudgeCall(r.body) && JSON.stringify(r.body).includes('rocky summer scramble'),
    );
    expect((answerCall?.body as { model?: string } | undefined)?.model).toBe('gpt-4o');
    expect((judgeCall?.body as { model?: string } | undefined)?.model).not.toBe('gpt-4o');
    const judged = openai.requests.filter((r) => JSON.stringify(r.body).includes('Rubric')).length;
    expect(judged).toBeGreaterThanOrEqual(10);
    await screenshotBothWidths(page, 'prove-evaluate');

    // Optimize with the estimate shown first. The simulated model can reach 5 / 5 within a few rounds, so the
    // run is left to finish on its own; Stop is checked below on a run the fake holds up.
    await panel.getByRole('tab', { name: 'Optimize' }).click();
    // How small a difference the 4 test cases can detect, from the judge's spread on that evaluation.
    await expect(panel.getByTestId('prove-power')).toContainText(
      /(^With 4 test cases at a 2\.5% level and the judge’s spread on your last evaluation)|(the same score on your last evaluation, so how small a difference 4 test cases)/,
    );
    await panel.getByLabel('Rounds').fill('20');
    await expect(panel.getByTestId('prove-estimate')).toContainText(/Estimate for 20 rounds: at most [\d,]+ tokens/);
    // This run may end before a check could see its busy button: the held run below checks that.
    await panel.getByRole('button', { name: 'Start' }).click();
    // The headline is the final version against the starting prompt on the 4 test cases, judged only now.
    await expect(panel.getByTestId('prove-headline')).toContainText(
      /^Version \d+ is better\. Better: [\d.]+ → [\d.]+ on 4 test cases/,
      { timeout: 90_000 },
    );
    await expect(
      panel.getByText(/^Validation score [\d.]+ \/ 5 → [\d.]+ \/ 5 \(these cases chose the edits/),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Start' })).toBeEnabled();
    await expect(panel.getByText('Passed', { exact: true }).first()).toBeVisible();

    // A rejected proposal's diff, with its reason; then the tested version goes back into the prompt box.
    await panel
      .getByText(/^What round \d+ proposed \(rejected\)$/)
      .first()
      .click();
    await expect(panel.getByRole('region', { name: /^Changes proposed in round \d+$/ }).first()).toBeVisible();
    await screenshotBothWidths(page, 'prove-report');
    await panel.getByRole('button', { name: /^Use version \d+$/ }).click();
    await expect(panel).toBeHidden();
    const improved = await page.getByRole('textbox', { name: 'Your prompt' }).inputValue();
    expect(improved).not.toBe(SIMULATED_ROUGH_PROMPT);
    expect(improved.startsWith(SIMULATED_ROUGH_PROMPT)).toBe(true);

    // Stop: the first model call of the next run is held up, so the run is surely still going when Stop is pressed.
    openai.respondWith({ kind: 'slow', delayMs: 30_000 });
    const abortedBefore = openai.abortedByCaller;
    await page.getByRole('button', { name: 'Prove' }).click();
    await panel.getByRole('tab', { name: 'Optimize' }).click();
    // The rerun tests on the same 4 test cases, one test later: at the next level.
    await expect(panel.getByTestId('prove-estimate').getByTestId('prove-test-budget')).toContainText(
      'These 4 test cases have had 1 test: this one is called better only at a one-sided level of 1.25% (a 97.5% interval above zero)',
    );
    await screenshotBothWidths(page, 'prove-rerun-estimate');
    await panel.getByRole('button', { name: 'Start' }).click();
    // The other training and validation cases are judged meanwhile; the held one keeps the bar short of 6.
    await expect(panel.getByRole('progressbar', { name: 'Scoring your prompt' })).toHaveAttribute(
      'aria-valuetext',
      /^Scoring your prompt before the first round: \d of 6 cases judged$/,
    );
    await expect(panel.getByRole('button', { name: 'Optimizing…' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(panel.getByRole('alert')).toContainText('Stopped.');
    await expect(panel.getByRole('button', { name: 'Start' })).toBeEnabled();
    await expect.poll(() => openai.abortedByCaller, { timeout: 10_000 }).toBeGreaterThan(abortedBefore);
  });
});
