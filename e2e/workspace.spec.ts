import AxeBuilder from '@axe-core/playwright';
import { expect, screenshotBothWidths, test } from './support/fixtures';
import {
  choose,
  lastBody,
  openWorkspace,
  output,
  perfect,
  runError,
  showLanguageAndTone,
  testOutput,
} from './support/workspaceHelpers';

const TECHNIQUES = [
  ['Zero-Shot', 'zero-shot'],
  ['Few-Shot', 'few-shot'],
  ['Chain of Thought', 'chain-of-thought'],
  ['Role Prompting', 'role-prompting'],
] as const;

test.describe('signed-in workspace', () => {
  test('Perfect with each technique and both providers; provider change resets the model; the run is recorded', async ({
    page,
    openai,
    anthropic,
  }) => {
    await openWorkspace(page);
    await expect(page.getByRole('combobox', { name: /^Model/ })).toHaveText(/GPT-4o Mini/);
    await expect(page.getByTestId('header-xp')).toHaveText('0');

    // A technique's description shows on hover and on keyboard focus.
    await page.getByRole('radio', { name: 'Few-Shot' }).hover();
    await expect(page.getByRole('tooltip')).toContainText('worked examples');
    await page.getByRole('radio', { name: 'Zero-Shot' }).focus();
    // Radix moves focus on the next tick and checks the radio if the arrow key is still down.
    await page.keyboard.press('ArrowDown', { delay: 50 });
    await expect(page.getByRole('radio', { name: 'Few-Shot' })).toBeChecked();
    await expect(page.getByRole('tooltip')).toContainText('worked examples');

    for (const [name] of TECHNIQUES) {
      await page.getByRole('radio', { name }).click();
      await perfect(page, `  Write a haiku about ${name}  `);
      const body = lastBody(openai);
      expect(body.model).toBe('gpt-4o-mini');
      expect(body.max_tokens).toBe(1000);
      expect(body.temperature).toBe(0.7);
      expect(body.messages).toHaveLength(2);
      expect(body.messages[0].role).toBe('system');
      expect(body.messages[0].content).toContain(`using the ${name} technique`);
      expect(body.messages[1]).toEqual({ role: 'user', content: `Write a haiku about ${name}` });
      // The fake answers "Here's an optimized prompt:\n\n..." : the preamble is stripped.
      await expect(output(page)).toHaveText(`You are an expert assistant. Write a haiku about ${name}`);
      // Screen readers hear a short status line, not the whole prompt.
      await expect(page.getByTestId('workspace-run-status')).toHaveText('Your optimized prompt is ready.');
    }
    await expect(output(page)).not.toHaveAttribute('aria-live');
    expect(openai.requests).toHaveLength(4);
    expect(Number(await page.getByTestId('header-xp').textContent())).toBeGreaterThan(0);

    // Provider change resets the model to that provider's first model.
    await page.getByRole('radio', { name: 'Anthropic/Claude' }).click();
    await expect(page.getByRole('combobox', { name: /^Model/ })).toHaveText(/Claude 3\.7 Sonnet/);
    await page.getByRole('radio', { name: 'Chain of Thought' }).click();
    // Ctrl+Enter in the prompt box runs Perfect.
    await page.getByRole('textbox', { name: 'Your prompt' }).fill('Plan a product launch');
    // Anthropic runs use the spec's /api/claude contract {model, systemPrompt, userPrompt}, streamed,
    // plus the run record the account keeps.
    const claudeRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/claude/stream');
    await page.getByRole('textbox', { name: 'Your prompt' }).press('Control+Enter');
    await expect(output(page)).toHaveText('You are an expert assistant. Plan a product launch');
    const claudeBody = (await claudeRequest).postDataJSON();
    expect(Object.keys(claudeBody).sort()).toEqual(['model', 'run', 'systemPrompt', 'userPrompt']);
    expect(claudeBody).toMatchObject({ model: 'claude-3-7-sonnet-20250219', userPrompt: 'Plan a product launch' });
    let body = lastBody(anthropic);
    expect(body.model).toBe('claude-3-7-sonnet-20250219');
    expect(body.max_tokens).toBe(1000);
    expect(body.system).toContain('using the Chain of Thought technique');
    expect(body.messages).toEqual([{ role: 'user', content: 'Plan a product launch' }]);

    await choose(page, /^Model/, 'Claude 3 Haiku');
    await page.getByRole('radio', { name: 'Role Prompting' }).click();
    await perfect(page);
    body = lastBody(anthropic);
    expect(body.model).toBe('claude-3-haiku-20240307');
    expect(body.system).toContain('using the Role Prompting technique');
    for (const [name] of [TECHNIQUES[0], TECHNIQUES[1]]) {
      await page.getByRole('radio', { name }).click();
      await perfect(page);
      expect(lastBody(anthropic).system).toContain(`using the ${name} technique`);
    }
    expect(anthropic.requests).toHaveLength(4);
    expect(openai.requests).toHaveLength(4);

    // The Claude proxy unreachable (connection failure): the spec's message; on 127.0.0.1 the local hint.
    await page.route('**/api/claude/stream', (route) => route.abort('connectionrefused'));
    await perfect(page);
    // Beside the output, which keeps the last good result.
    await expect(runError(page)).toContainText(
      'Error: Claude proxy server is not running. Please start it with: npm start (its settings are in the README, under Configuration)',
    );
    await expect(output(page)).toContainText('You are an expert assistant.');
    await expect(page.getByTestId('workspace-run-status')).toHaveText(
      'Error: Claude proxy server is not running. Please start it with: npm start (its settings are in the README, under Configuration)',
    );
    await page.unroute('**/api/claude/stream');
    expect(anthropic.requests).toHaveLength(4);

    await page.getByRole('radio', { name: 'OpenAI' }).click();
    await expect(page.getByRole('combobox', { name: /^Model/ })).toHaveText(/GPT-4o(?! Mini)/);
    await perfect(page);
    expect(lastBody(openai).model).toBe('gpt-4o');

    // Validation (spec section 5) shows 'Error: {message}' beside the output.
    await perfect(page, '   ');
    await expect(runError(page)).toContainText('Error: Please enter a prompt to optimize.');
    expect(openai.requests).toHaveLength(5);

    // A provider failure shows the gateway's message (PROVIDER_MAX_RETRIES is 0 here).
    openai.respondWith({ kind: 'status', status: 500, message: 'boom' });
    await perfect(page, 'Summarise this article');
    await expect(runError(page)).toContainText(
      'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.',
    );
    await expect(runError(page).getByTestId('failure-details')).toContainText('OpenAI API error: boom');

    // AI optimization off: the offline optimizer, no upstream request.
    await page.getByRole('button', { name: 'Settings' }).click();
    const ai = page.getByRole('switch', { name: 'AI optimization' });
    await expect(ai).toBeChecked();
    await ai.click();
    await expect(ai).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Offline optimizer (AI optimization is off)')).toBeVisible();
    const before = openai.requests.length + anthropic.requests.length;
    await perfect(page, 'write a python function that parses dates');
    await expect(output(page)).toContainText('Task: Write a python function that parses dates.');
    await expect(output(page)).toContainText('Output format:');
    expect(openai.requests.length + anthropic.requests.length).toBe(before);
  });

  test('Clear resets everything the spec lists; template chip and X; custom tone only for Custom; pickers', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    const prompt = page.getByRole('textbox', { name: 'Your prompt' });

    // Custom tone input only for Custom.
    await showLanguageAndTone(page);
    await expect(page.getByRole('textbox', { name: 'Custom tone' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Custom', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('textbox', { name: 'Custom tone' }).fill('calm and precise');
    await page.getByRole('button', { name: 'Witty' }).click();
    await expect(page.getByRole('textbox', { name: 'Custom tone' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Custom tone' })).toHaveValue('calm and precise');

    // Templates: choosing one fills the prompt and shows a chip; its X removes the chip, not the prompt.
    await choose(page, 'Templates', 'Code Review');
    await expect(prompt).toHaveValue(/^Review the \{\{language\}\} code/);
    await expect(page.getByText('Template: Code Review')).toBeVisible();
    await page.getByRole('button', { name: 'Clear template Code Review' }).click();
    await expect(page.getByText('Template: Code Review')).toHaveCount(0);
    await expect(prompt).toHaveValue(/^Review the \{\{language\}\} code/);
    await choose(page, 'Templates', 'Blog Post');
    await expect(page.getByText('Template: Blog Post')).toBeVisible();

    // Persona and audience: grouped dropdowns (max 400 px tall), an active banner and Clear.
    await page.getByRole('combobox', { name: 'Persona' }).click();
    const list = page.getByRole('listbox');
    await expect(list.getByText('Consulting', { exact: true })).toBeAttached();
    const box = (await list.boundingBox())!;
    expect(box.height).toBeGreaterThan(200);
    expect(box.height).toBeLessThanOrEqual(400);
    // Deep in a scrolled list: choose it with the keyboard (pointer clicks there race Radix's
    // auto-scroll buttons in synthetic input); short lists below are chosen with the mouse.
    await page.getByRole('option', { name: 'Data Scientist' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status', { name: 'Active persona' })).toContainText('Active persona: Data Scientist');
    await page.getByRole('button', { name: 'Clear persona' }).click();
    await expect(page.getByRole('status', { name: 'Active persona' })).toHaveCount(0);
    await choose(page, 'Persona', 'CEO');
    await choose(page, 'Target audience', 'Developers');
    await expect(page.getByRole('status', { name: 'Active audience' })).toContainText('Developers');

    await page.getByRole('button', { name: 'Good examples' }).click();
    await page.getByRole('textbox', { name: 'Good examples' }).fill('Short, punchy intros.');
    await page.getByRole('button', { name: 'Bad examples' }).click();
    await page.getByRole('textbox', { name: 'Bad examples' }).fill('Walls of text.');
    await showLanguageAndTone(page);
    await page.getByRole('button', { name: 'French' }).click();
    await page.getByRole('radio', { name: 'Chain of Thought' }).click();

    // The request carries every option.
    await perfect(page, 'Write a blog post about [topic]');
    await expect(output(page)).toContainText('You are an expert assistant.');
    await page.getByRole('textbox', { name: 'Test input' }).fill('A post about tea');
    await page.getByRole('button', { name: 'Continue Building' }).click();
    await page.getByRole('textbox', { name: 'Additional requirements' }).fill('Add a pricing section');
    await page.keyboard.press('Escape');

    // Clear cancels a run in flight: its late answer writes nothing and records no stats.
    const xp = await page.getByTestId('header-xp').textContent();
    // Slow enough that Clear surely comes first, even while Perfect brings the output into view.
    openai.respondWith({ kind: 'slow', delayMs: 5_000, text: 'A late answer that must not appear.' });
    await page.getByRole('button', { name: 'Perfect' }).click();
    await expect(page.getByRole('button', { name: 'Perfecting...' })).toBeDisabled();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Perfect' })).toBeEnabled();
    // Clear hung up: the proxy aborted the provider call, so the late answer can never arrive.
    await expect.poll(() => openai.abortedByCaller).toBe(1);
    await expect(output(page)).toHaveText('Your optimized prompt will appear here.');
    await expect(page.getByTestId('header-xp')).toHaveText(xp!);
    await expect(prompt).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Test input' })).toHaveValue('');
    await expect(page.getByText('Template: Blog Post')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Templates' })).toHaveText(/Templates/);
    await expect(page.getByRole('textbox', { name: 'Good examples' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Bad examples' })).toHaveValue('');
    await showLanguageAndTone(page);
    await expect(page.getByRole('button', { name: 'Normal' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('textbox', { name: 'Custom tone' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'English (US)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status', { name: 'Active persona' })).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Active audience' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Persona' })).toHaveText(/Choose an expert persona/);
    // Technique is not in the spec's Clear list: it stays.
    await expect(page.getByRole('radio', { name: 'Chain of Thought' })).toBeChecked();
    // Perfect needs an output before Continue Building; its text was cleared too.
    await perfect(page, 'Explain tides');
    await page.getByRole('button', { name: 'Continue Building' }).click();
    await expect(page.getByRole('textbox', { name: 'Additional requirements' })).toHaveValue('');
  });

  test('Favorite, Favorited, panel previews, Use, Remove; favorites and settings survive a reload', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    const original =
      `Write a detailed onboarding email for new customers of our accounting software ${'with many specifics '.repeat(5)}`.trim();
    const optimized =
      `You are a customer success lead. ${'Explain each onboarding step clearly and warmly. '.repeat(5)}`.trim();
    openai.respondWith({ kind: 'text', text: optimized });
    await page.getByRole('radio', { name: 'Role Prompting' }).click();
    await showLanguageAndTone(page);
    await page.getByRole('button', { name: 'Spanish' }).click();
    await page.getByRole('button', { name: 'Friendly' }).click();
    await perfect(page, original);
    await expect(output(page)).toHaveText(optimized);

    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();
    await page.getByRole('button', { name: 'Favorited' }).click(); // toggles only to added
    await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();

    // Settings: AI off and a default technique, then reload.
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Workspace panel' });
    await expect(panel.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await panel.getByRole('switch', { name: 'AI optimization' }).click();
    await choose(page, 'Default technique', 'Few-Shot');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Your prompt' })).toBeVisible();
    // The workspace in use keeps the technique chosen for it; the new default waits for a fresh one.
    await expect(page.getByRole('radio', { name: 'Role Prompting' })).toBeChecked();
    await expect(page.getByText('Offline optimizer (AI optimization is off)')).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(panel.getByRole('switch', { name: 'AI optimization' })).not.toBeChecked();
    await expect(panel.getByRole('combobox', { name: 'Default technique' })).toHaveText('Few-Shot');
    await panel.getByRole('tab', { name: 'Favorites' }).click();
    const item = panel.getByTestId('favorite-item');
    await expect(item).toHaveCount(1);
    // Previews of at most 100 and 150 characters, ended at a whole word ("specifics wi..." would be cut mid-word).
    await expect(item.getByTestId('favorite-original')).toHaveText(
      'Write a detailed onboarding email for new customers of our accounting software with many specifics...',
    );
    await expect(item.getByTestId('favorite-optimized')).toHaveText(
      'You are a customer success lead. Explain each onboarding step clearly and warmly. Explain each onboarding step clearly and warmly. Explain each...',
    );
    await expect(item).toContainText('Role Prompting');
    await page.screenshot({ path: 'e2e/screenshots/workspace-favorites-panel-1280.png' });
    // Use and Remove keep their visible labels and are told apart by the item's original prompt.
    await expect(item.getByRole('button', { name: 'Use' })).toHaveAccessibleDescription(
      'Write a detailed onboarding email for new customers of our accounting software with many specifics...',
    );
    await expect(item.getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription(
      'Write a detailed onboarding email for new customers of our accounting software with many specifics...',
    );
    await item.getByRole('button', { name: 'Use' }).click();
    await expect(panel).toBeHidden();

    await expect(page.getByRole('textbox', { name: 'Your prompt' })).toHaveValue(original);
    await expect(output(page)).toHaveText(optimized);
    await expect(page.getByRole('radio', { name: 'Role Prompting' })).toBeChecked();
    await showLanguageAndTone(page);
    await expect(page.getByRole('button', { name: 'Spanish' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Friendly' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();

    await page.getByRole('button', { name: 'Help' }).click();
    await expect(panel.getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText('Test Prompt', { exact: true })).toBeVisible();
    // Help's "View progress" closes the panel and opens Your Progress; closing it returns to Help.
    await panel.getByRole('button', { name: 'View progress' }).click();
    await expect(panel).toBeHidden();
    const progress = page.getByRole('dialog', { name: 'Your Progress' });
    await expect(progress).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(progress).toBeHidden();
    await expect(page.getByRole('button', { name: 'Help' })).toBeFocused();
    await page.getByRole('button', { name: 'Help' }).click();
    await panel.getByRole('tab', { name: 'Favorites' }).click();
    await panel.getByRole('button', { name: 'Remove' }).click();
    await expect(panel.getByText('No favorites yet.', { exact: false })).toBeVisible();
    // Focus does not fall to <body>: it lands on the empty state, inside the panel.
    await expect(panel.getByText('No favorites yet.', { exact: false })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Favorite', exact: true })).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Favorites' }).click();
    await expect(panel.getByText('No favorites yet.', { exact: false })).toBeVisible();
  });

  test('Test Prompt and Continue Building: happy paths and each error message', async ({ page, context, openai }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openWorkspace(page);
    const run = page.getByRole('button', { name: 'Run Test' });
    await run.click();
    await expect(page.getByTestId('test-run-error')).toContainText('Error: Please optimize a prompt first.');
    await expect(page.getByRole('button', { name: 'Continue Building' })).toBeDisabled();

    await perfect(page, 'Write a tagline for a bakery');
    const optimizedText = 'You are an expert assistant. Write a tagline for a bakery';
    await expect(output(page)).toHaveText(optimizedText);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByTestId('workspace-copy-status')).toHaveText('Copied to clipboard');
    await expect(page.getByTestId('workspace-copy-status')).toHaveRole('status');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(optimizedText);
    await run.click();
    await expect(page.getByTestId('test-run-error')).toContainText('Error: Please enter a test input.');

    await page.getByRole('textbox', { name: 'Test input' }).fill('Sourdough and coffee');
    openai.respondWith({ kind: 'slow', delayMs: 600, text: 'Fresh bread, warm coffee, every morning.' });
    await run.click();
    await expect(page.getByRole('button', { name: 'Testing...' })).toBeDisabled();
    await expect(testOutput(page)).toHaveText('Fresh bread, warm coffee, every morning.');
    const test = lastBody(openai);
    expect(test.model).toBe('gpt-4o');
    expect(test.max_tokens).toBe(1000);
    expect(test.temperature).toBe(0.7);
    expect(test.messages[0].content).toContain(optimizedText);
    expect(test.messages[0].content).toContain('2-3 sentences');
    expect(test.messages[1]).toEqual({ role: 'user', content: 'Sourdough and coffee' });

    // A failure keeps the last good answer, says what to do next, and offers Retry.
    openai.respondWith({ kind: 'status', status: 500, message: 'boom' });
    await run.click();
    await expect(page.getByTestId('test-run-error')).toContainText(
      'Error: The model provider could not answer. Press Retry; if it fails again, pick another model.',
    );
    await expect(page.getByTestId('test-run-error').getByTestId('failure-details')).toContainText(
      'OpenAI API error: boom',
    );
    await expect(testOutput(page)).toHaveText('Fresh bread, warm coffee, every morning.');

    // Continue Building.
    await page.getByRole('button', { name: 'Continue Building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Continue Building' });
    await expect(dialog.getByRole('textbox', { name: 'Additional requirements' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Enhance Prompt' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please describe what to add or change.');

    await dialog.getByRole('textbox', { name: 'Additional requirements' }).fill('Mention it is family-run');
    openai.respondWith({ kind: 'status', status: 500, message: 'boom' });
    await dialog.getByRole('button', { name: 'Enhance Prompt' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Error during refinement: The model provider could not answer. Press Retry; if it fails again, pick another model.',
    );
    await expect(dialog.getByTestId('failure-details')).toContainText('OpenAI API error: boom');
    // The modal hides the page behind it from the accessibility tree: find the output by test id.
    await expect(page.getByTestId('workspace-output').getByTestId('result-text')).toHaveText(optimizedText);

    openai.respondWith({
      kind: 'slow',
      delayMs: 600,
      text: "Here's the refined prompt:\n\nWrite a tagline for a family-run bakery.",
    });
    await dialog.getByRole('button', { name: 'Enhance Prompt' }).click();
    await expect(dialog.getByRole('button', { name: 'Enhancing...' })).toBeDisabled();
    await expect(dialog).toBeHidden();
    await expect(output(page)).toHaveText('Write a tagline for a family-run bakery.');
    await expect(page.getByTestId('workspace-run-status')).toHaveText('Your optimized prompt is ready.');
    const refine = lastBody(openai);
    expect(refine.model).toBe('gpt-4o-mini');
    expect(refine.messages[1].content).toContain(optimizedText);
    expect(refine.messages[1].content).toContain('Mention it is family-run');
  });

  test('a javascript: link in a result is neutralised; axe finds nothing serious; screenshots', async ({
    page,
    openai,
  }) => {
    await openWorkspace(page);
    openai.respondWith({
      kind: 'text',
      text: '## Prompt\n\nSee [x](javascript:alert(1)) and [docs](https://example.com/docs).\n\n- one\n- two',
    });
    await perfect(page, 'Write release notes');
    const out = output(page);
    await expect(out.getByRole('heading', { name: 'Prompt' })).toBeVisible();
    await expect(out.getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://example.com/docs');
    const href = await out.getByText('x', { exact: true }).getAttribute('href');
    expect(href ?? '').not.toContain('javascript');
    expect(await page.evaluate(() => document.querySelectorAll('a[href^="javascript"]').length)).toBe(0);

    await showLanguageAndTone(page);
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await choose(page, 'Persona', 'Teacher');
    await choose(page, 'Templates', 'SWOT Analysis');
    const axe = async () => {
      // The whole composed page, including the shell header and the workspace's portalled dialogs.
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(', ')}`)).toEqual([]);
    };
    await axe();
    await screenshotBothWidths(page, 'workspace');

    await page.getByRole('button', { name: 'Favorites' }).click();
    await axe();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Continue Building' }).click();
    await axe();
    await page.keyboard.press('Escape');

    // 375 px: the sidebar collapses behind a disclosure; the keyboard alone works.
    await page.setViewportSize({ width: 375, height: 812 });
    const options = page.getByRole('button', { name: 'Prompt options' });
    await expect(options).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('radio', { name: 'Zero-Shot' })).toBeHidden();
    await options.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Zero-Shot' })).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/workspace-options-375.png', fullPage: true });
    await axe();

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'e2e/screenshots/workspace-dark-1280.png', fullPage: true });
    await axe();
  });
});

test.describe('signed-in workspace when the provider list cannot be loaded', () => {
  test('unknown availability is not "not configured": the run is tried and succeeds', async ({ page, openai }) => {
    await page.route('**/api/providers', (route) => route.abort('connectionrefused'));
    await openWorkspace(page);
    await expect(page.getByText('Offline optimizer (AI optimization is off)')).toHaveCount(0);
    await perfect(page, 'Write a haiku about tea');
    await expect(output(page)).toHaveText('You are an expert assistant. Write a haiku about tea');
    expect(openai.requests).toHaveLength(1);
    await page.getByRole('textbox', { name: 'Test input' }).fill('Green tea');
    await page.getByRole('button', { name: 'Run Test' }).click();
    await expect(testOutput(page)).toHaveText(/Green tea$/);
    await expect(testOutput(page)).not.toContainText('not configured');
    expect(openai.requests).toHaveLength(2);
  });
});

test.describe('signed-in workspace without provider keys', () => {
  test.use({ providerKeys: 'none' });

  test('AI optimization defaults off (offline optimizer); switched on it shows the administrator messages', async ({
    page,
    openai,
  }) => {
    // The remote's standalone page (for its feature team): signs in locally without the shell.
    await page.goto('/remotes/workspace/index.html');
    const form = page.getByRole('form', { name: 'Sign in to the workspace' });
    await form.getByLabel('Name').fill('Katherine Johnson');
    await form.getByLabel('E-mail').fill('katherine@example.com');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('textbox', { name: 'Your prompt' })).toBeVisible();
    await expect(page.getByText('Katherine Johnson')).toBeVisible();
    // The same session signs the composed app in.
    await page.goto('/');
    await expect(page.locator('[data-remote="workspace"]').getByRole('textbox', { name: 'Your prompt' })).toBeVisible();

    await expect(page.getByText('Offline optimizer (AI optimization is off)')).toBeVisible();
    await perfect(page, 'give me ideas for a birthday party');
    await expect(output(page)).toContainText('Requirements:');
    await page.getByRole('textbox', { name: 'Test input' }).fill('A 7 year old who loves space');
    // No provider to test on: Run Test cannot run, and says why beside it.
    await expect(page.getByRole('button', { name: 'Run Test' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Run Test' })).toHaveAccessibleDescription(
      /none is configured on this server/,
    );

    await page.getByRole('button', { name: 'Settings' }).click();
    const ai = page.getByRole('switch', { name: 'AI optimization' });
    await expect(ai).not.toBeChecked();
    await ai.click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Continue Building' }).click();
    await page.getByRole('textbox', { name: 'Additional requirements' }).fill('Make it space themed');
    await page.getByRole('button', { name: 'Enhance Prompt' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
      'Error during refinement: OpenAI API is not configured. Please contact the administrator.',
    );
    await page.keyboard.press('Escape');

    await perfect(page, 'give me ideas for a birthday party');
    await expect(runError(page)).toContainText(
      'Error: OpenAI API is not configured. Please contact the administrator.',
    );
    await page.getByRole('radio', { name: 'Anthropic/Claude' }).click();
    await perfect(page);
    await expect(runError(page)).toContainText(
      'Error: Anthropic/Claude API is not configured. Please contact the administrator.',
    );
    expect(openai.requests).toHaveLength(0);
  });
});
