/**
 * The visitor page follows the released trial remote: what Chromium paints before any script runs is
 * the release's own prerendered first screen (its fragment, words and CSS, shipped with its build),
 * its scripts hydrate that very markup (no element replaced, no error), and rollback brings back
 * the previous release's first screen.
 */
import { expect, test } from './support/fixtures';
import { adminCall, deployTrialCopy, TRIAL_HEADING } from './support/remoteBuilds';
import { collectProblems, holdScripts, reactOwnsPromptBox } from './support/visitorPage';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdefghij';
const V2 = `${TRIAL_HEADING}, v2`;

test.use({ serverEnv: { ADMIN_TOKEN } });

test('the first paint is the released trial remote’s prerender, hydrated in place; rollback restores it', async ({
  page,
  request,
  server,
}) => {
  const admin = (method: string, apiPath: string, body?: unknown) =>
    adminCall(server.baseURL, ADMIN_TOKEN, method, apiPath, body);
  const v2 = await deployTrialCopy(V2);
  try {
    await admin('POST', '/api/admin/remotes/trial/releases', { url: v2.manifestUrl, version: '2.0.0' });

    const served = await (await request.get('/')).text();
    expect(served).toContain('data-prerendered="visitor"');
    expect(served).toMatch(new RegExp(`<h1[^>]*>${V2}</h1>`));
    expect(served).toContain(`<title>Prompt Perfect: ${V2}</title>`);
    expect(served).toMatch(
      new RegExp(`<link rel="stylesheet" href="${v2.origin}/[^"]+\\.css" data-inlined-stylesheet disabled>`),
    );

    const problems = collectProblems(page);
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (/\.css(\?|$)/.test(r.url())) stylesheets.push(r.url());
    });
    // Scripts held back: what is on screen is the served HTML alone.
    const releaseScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(V2);
    const perfect = page.getByRole('button', { name: 'Perfect', exact: true });
    // Styled by the release's own CSS, inlined in the page beside the link to its file.
    const styledByRelease = await page.evaluate((origin) => {
      const link = document.querySelector(`link[data-inlined-stylesheet][href^="${origin}/"]`);
      const sheet = (link?.previousElementSibling as HTMLStyleElement | null)?.sheet;
      const button = [...document.querySelectorAll('[data-remote="trial"] button')].find(
        (b) => b.textContent?.trim() === 'Perfect',
      );
      return Boolean(
        sheet && button && [...sheet.cssRules].some((r) => r instanceof CSSStyleRule && button.matches(r.selectorText)),
      );
    }, v2.origin);
    expect(styledByRelease).toBe(true);
    expect(await reactOwnsPromptBox(page)).toBe(false);
    const servedHeading = await heading.elementHandle();

    releaseScripts();
    await expect.poll(() => reactOwnsPromptBox(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    // Hydrated, not rendered again: the element painted first is still the one on screen.
    expect(await servedHeading?.evaluate((h) => h.isConnected)).toBe(true);
    await expect(heading).toHaveText(V2);
    // The empty box disables Perfect, and the release's stylesheet (taken as loaded) dims it.
    await expect(perfect).toBeDisabled();
    expect(await perfect.evaluate((b) => getComputedStyle(b).opacity)).toBe('0.55');
    expect(v2.requests.some((p) => p.includes('__federation_expose_TrialApp'))).toBe(true);
    expect(stylesheets).toEqual([]);
    expect(problems).toEqual([]);
    await page.unroute(/\.js$/);

    await admin('POST', '/api/admin/remotes/trial/rollback', {});
    const back = await (await request.get('/')).text();
    expect(back).toMatch(new RegExp(`<h1[^>]*>${TRIAL_HEADING}</h1>`));
    expect(back).not.toContain(V2);
    await page.goto('/');
    await expect(heading).toHaveText(TRIAL_HEADING);
    await expect.poll(() => reactOwnsPromptBox(page)).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await v2.stop();
  }
});
