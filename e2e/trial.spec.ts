import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import { MSG } from '@prompt-perfect/core/messages';
import { TRIAL_LIMIT, TRIAL_STORAGE_KEY } from '@prompt-perfect/core/trial';

/**
 * The visitor's free trial in the composed app (shell + mfe-trial + proxy-server), against the
 * fake OpenAI upstream. Counts are asserted where the visitor sees them: the trial badge, the
 * shell header and localStorage.
 */

const trialsLeft = (n: number) => `${n} of ${TRIAL_LIMIT} free trials left`;
const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Your prompt' });
const perfectButton = (page: Page) => page.getByRole('button', { name: 'Perfect', exact: true });
const output = (page: Page) => page.locator('[data-remote="trial"]').getByTestId('trial-output');
const storedCount = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), TRIAL_STORAGE_KEY);

/** The count shows once on the page: in the header. */
async function expectRemaining(page: Page, n: number) {
  await expect(page.getByTestId('header-trials')).toHaveAccessibleName(trialsLeft(n));
  await expect(page.getByText(/free trials? left/)).toHaveCount(1);
}

async function openTrial(page: Page) {
  await page.goto('/');
  await expect(page.locator('[data-remote="trial"]')).toBeVisible();
  await expect(promptBox(page)).toBeVisible();
}

const seriousOf = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** No serious or critical axe violations anywhere on the composed page (shell header included). */
async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = seriousOf(results.violations);
  const found = results.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none';
  console.log(
    `axe ${label}: ${results.violations.length} violation(s) [${found}], ${serious.length} serious/critical, ${results.passes.length} rules passed`,
  );
  expect(serious, `axe serious/critical violations on ${label}`).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('visitor free trial', () => {
  // A per-IP ceiling equal to the visitor's 10 runs, so clearing cookies is refused (the default of
  // 50 per day lets an office behind one address share the trial).
  test.use({ serverEnv: { TRIAL_LIMIT_PER_IP: '10' } });
  test('ten runs count down 10 -> 0 in badge and header, then Trial Complete!; clearing storage grants nothing', async ({
    page,
    context,
    openai,
  }) => {
    test.setTimeout(60_000);
    await openTrial(page);
    await expectRemaining(page, 10);
    await expect(perfectButton(page)).toBeDisabled(); // empty input

    for (let run = 1; run <= TRIAL_LIMIT; run++) {
      openai.respondWith({ kind: 'text', text: `Perfected prompt number ${run}.` });
      await promptBox(page).fill(`Rough task number ${run}`);
      if (run % 2 === 0) {
        await promptBox(page).press('Control+Enter'); // the keyboard path, every other run
      } else {
        await perfectButton(page).click();
      }
      await expect(output(page)).toHaveText(`Perfected prompt number ${run}.`);
      await expect(page.getByTestId('header-trials')).toHaveAccessibleName(trialsLeft(TRIAL_LIMIT - run));
      if (run < TRIAL_LIMIT) await expectRemaining(page, TRIAL_LIMIT - run);
      expect(await storedCount(page)).toBe(String(run));
    }
    expect(openai.requests).toHaveLength(TRIAL_LIMIT);
    expect(openai.requests[0].body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 500, temperature: 0.7 });

    // The tenth run switches the view; its result stays readable and focus moves to the heading.
    const heading = page.getByRole('heading', { level: 1, name: MSG.trialComplete });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(output(page)).toHaveText(`Perfected prompt number ${TRIAL_LIMIT}.`);
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName(trialsLeft(0));
    await expect(perfectButton(page)).toHaveCount(0);
    for (const benefit of ['Unlimited perfections', 'All AI models', 'Advanced features']) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
    await expectNoSeriousAxeViolations(page, 'Trial Complete view');
    await screenshotBothWidths(page, 'trial-complete');

    // Clearing cookies and localStorage: the server still counts this visitor (IP ceiling) and wins.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: MSG.trialComplete })).toBeVisible();
    // Arriving with no runs left is not news: focus stays where the page put it.
    await expect(page.getByRole('heading', { level: 1, name: MSG.trialComplete })).not.toBeFocused();
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName(trialsLeft(0));
    await expect.poll(() => storedCount(page)).toBe(String(TRIAL_LIMIT));
    // Even a hand-made request is refused: the eleventh run never reaches the provider.
    const refused = await page.request.post('/api/trial/optimize', { data: { prompt: 'one more please' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ remaining: 0 });
    expect(openai.requests).toHaveLength(TRIAL_LIMIT);

    await page.getByRole('button', { name: MSG.getStartedToday }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('upstream failures show the spec-mapped message and do not use a trial', async ({ page, openai }) => {
    await openTrial(page);
    await expectRemaining(page, 10);
    const cases = [
      {
        behaviour: { kind: 'status', status: 429, message: 'Rate limit reached for gpt-4o-mini' },
        shown: MSG.trialRateLimited,
      },
      {
        behaviour: { kind: 'status', status: 401, message: 'Incorrect API key provided: sk-test' },
        shown: MSG.trialApiConfig,
      },
      {
        behaviour: {
          kind: 'status',
          status: 429,
          message: 'You exceeded your current quota, please check your plan and billing details.',
        },
        shown: MSG.trialUnavailable,
      },
      {
        behaviour: { kind: 'status', status: 500, message: 'The server had an error while processing your request.' },
        shown: MSG.trialGeneric,
      },
    ] as const;
    await promptBox(page).fill('Summarise the attached meeting notes');
    for (const { behaviour, shown } of cases) {
      openai.respondWith(behaviour);
      await perfectButton(page).click();
      const alert = page.locator('[data-remote="trial"]').getByRole('alert');
      await expect(alert.getByTestId('trial-output')).toHaveText(`Error: ${shown}`);
      await expect(alert).toContainText('This run did not use one of your free runs.');
      await expectRemaining(page, 10);
      expect(await storedCount(page)).toBeNull();
    }
    // The provider's own words never reach the visitor.
    await expect(page.locator('[data-remote="trial"]')).not.toContainText('sk-test');

    // After the failures a good run counts exactly once.
    await perfectButton(page).click();
    await expect(output(page)).toContainText('You are an expert assistant.');
    await expectRemaining(page, 9);
    expect(await storedCount(page)).toBe('1');
  });

  test('whitespace-only input is refused; the shown result has its leading phrase stripped and copies', async ({
    page,
    context,
    openai,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTrial(page);
    await promptBox(page).fill('   \n  ');
    await expect(perfectButton(page)).toBeEnabled();
    await perfectButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.visitorEnterPrompt);
    await expect(promptBox(page)).toHaveAttribute('aria-invalid', 'true');
    expect(openai.requests).toHaveLength(0);
    await expectRemaining(page, 10);

    // The fake's default answer starts with "Here's an optimized prompt:".
    await promptBox(page).fill('plan a team offsite for 12 people');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await promptBox(page).press('Control+Enter');
    await expect(output(page)).toContainText('plan a team offsite for 12 people');
    // Copy copies the exact text, which is what Raw shows.
    await page.locator('[data-remote="trial"]').getByRole('button', { name: 'Raw' }).click();
    const shown = ((await output(page).textContent()) ?? '').trim();
    expect(shown.startsWith('You are an expert assistant.')).toBe(true);
    expect(shown).not.toMatch(/here'?s an optimized/i);
    await expectRemaining(page, 9);

    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 5_000 });
  });

  test('trials-left view: FAQ, contact, call to action; axe clean; works at 375 px and in dark mode', async ({
    page,
    openai,
  }) => {
    await openTrial(page);
    await expectRemaining(page, 10);

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = [
      'What is prompt perfection?',
      'How does the free trial work?',
      'Which AI models are supported?',
      'Is my data secure?',
    ];
    // Native disclosures (<details>/<summary>): the browser exposes each question's expanded state.
    const question = (name: string) => faq.locator('summary', { hasText: name });
    for (const q of questions)
      await expect(faq.locator('details').filter({ has: page.locator('summary', { hasText: q }) })).not.toHaveAttribute(
        'open',
      );
    await question('Is my data secure?').click();
    await expect(faq.getByText('AI provider API keys stay on our server')).toBeVisible();
    // Keyboard: move to the previous question with the arrow key and open it with Enter; one answer open at a time.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(faq.getByText('Free trial runs use OpenAI')).toBeVisible();
    await expect(faq.getByText('AI provider API keys stay on our server')).toBeHidden();

    const contact = page.getByRole('region', { name: 'Questions or feedback?' });
    await expect(contact.getByRole('link', { name: 'hello@promptperfect.dev' })).toHaveAttribute(
      'href',
      'mailto:hello@promptperfect.dev',
    );
    await expect(contact.getByRole('link', { name: /Prompt Perfect on X/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(contact.getByRole('link', { name: /Join the community/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'More in the full workspace' })).toBeVisible();

    // A result on screen for the scan and the screenshots.
    openai.respondWith({
      kind: 'text',
      text: "Here's an optimized prompt:\n\nYou are an experienced event planner. Plan a one-day offsite for 12 people.\n\nRequirements:\n- Budget under $2,000\n- Include one team activity\n\nFormat: a schedule table followed by a short cost breakdown.",
    });
    await promptBox(page).fill('plan a team offsite');
    await perfectButton(page).click();
    await expect(output(page)).toContainText('You are an experienced event planner.');

    await expectNoSeriousAxeViolations(page, 'trials-left view');
    await screenshotBothWidths(page, 'trial-visitor');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousAxeViolations(page, 'trials-left view, dark, 375 px');
    await page.screenshot({ path: 'e2e/screenshots/trial-visitor-dark-375.png', fullPage: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Unlock the full workspace' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe('visitor free trial with no provider key', () => {
  test.use({ providerKeys: 'none' });

  test('runs use the offline optimizer, said once on the page and on the result', async ({ page, openai }) => {
    await openTrial(page);
    await expect(page.getByText('This server has no AI provider configured')).toBeVisible();
    await promptBox(page).fill('write a product description for a reusable water bottle');
    await perfectButton(page).click();
    await expect(output(page)).toContainText('reusable water bottle');
    await expect(page.locator('[data-remote="trial"]').getByTestId('result-meta')).toHaveText(/^Offline optimizer/);
    await expect(page.getByText(/no AI provider (is )?configured/)).toHaveCount(1);
    await expectRemaining(page, 10);
    expect(openai.requests).toHaveLength(0);
  });
});
