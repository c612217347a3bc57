/**
 * The composition smoke test a feature team runs before releasing its remote
 * (`npm run test:compose -- --remote trial=<url>`, tools/testCompose.js): this checkout's shell and
 * other remotes, with the given remote released in place of the current one (through the
 * compatibility gate, as a real release), then load, sign in, Perfect, Test and the progress toast.
 * In the regular suite (no --remote given), a copy of this checkout's trial build on its own origin
 * plays the team's build.
 */
import type { RemoteName } from '@prompt-perfect/core/contracts/remotes';
import { expect, signInLocally, test } from './support/fixtures';
import { achievementToast } from './support/progressHelpers';
import { adminCall, deployTrialCopy } from './support/remoteBuilds';
import { testOutput } from './support/workspaceHelpers';

const ADMIN_TOKEN = 'compose-admin-token-0123456789abcdefgh';
/** Set by tools/testCompose.js: {"trial": "https://.../mf-manifest.json"}. */
const GIVEN = JSON.parse(process.env.PP_COMPOSE_REMOTES ?? '{}') as Partial<Record<RemoteName, string>>;

test.use({ serverEnv: { ADMIN_TOKEN } });

test('the composed shell works with the replaced remote: load, sign in, Perfect, Test, progress toast', async ({
  page,
  server,
  openai,
}) => {
  const own = Object.keys(GIVEN).length === 0 ? await deployTrialCopy() : undefined;
  const replaced: Partial<Record<RemoteName, string>> = own ? { trial: own.manifestUrl } : GIVEN;
  try {
    for (const [remote, url] of Object.entries(replaced)) {
      await adminCall(server.baseURL, ADMIN_TOKEN, 'POST', `/api/admin/remotes/${remote}/releases`, {
        url,
        version: 'under-test',
        releasedBy: 'test:compose',
      });
    }
    const loaded = new Set<string>();
    page.on('response', (r) => r.ok() && loaded.add(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/');
    await expect(page.locator('[data-remote="trial"]').getByRole('textbox', { name: 'Your prompt' })).toBeEditable();

    await signInLocally(page);
    const workspace = page.locator('[data-remote="workspace"]');
    openai.respondWith({ kind: 'text', text: 'You are a friendly club secretary. Write the welcome e-mail.' });
    await workspace.getByRole('textbox', { name: 'Your prompt' }).fill('welcome e-mail for new cycling club members');
    await workspace.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(achievementToast(page)).toContainText('First Steps');

    openai.respondWith({ kind: 'text', text: 'Welcome to the club!' });
    await workspace.getByRole('textbox', { name: 'Test input' }).fill('Sam, joined Monday');
    await workspace.getByRole('button', { name: 'Run Test' }).click();
    await expect(testOutput(page)).toHaveText('Welcome to the club!');

    for (const url of Object.values(replaced)) expect([...loaded]).toContain(url);
    expect(errors).toEqual([]);
  } finally {
    await own?.stop();
  }
});
