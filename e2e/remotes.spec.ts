/**
 * Remote releases in the browser: a release made through one of two instances (one PostgreSQL) is
 * what the next page load on either shows, with no restart, and an open page is offered the new
 * version; rollback; a release that cannot load falls back to the last good one and is reported.
 */
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import type { FakeRemote } from '@prompt-perfect/test-support/fakes/fakeRemote';
import { expect, test } from './support/fixtures';
import { adminCall, deployTrialCopy, TRIAL_HEADING } from './support/remoteBuilds';
import { type RunningServer, startProxyServer } from './support/server';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdefghij';

test.describe.configure({ mode: 'serial' });

test.describe('remote releases at run time', () => {
  let postgres: TestPostgres;
  let servers: RunningServer[] = [];
  const deployed: FakeRemote[] = [];
  const admin = (i: number, method: string, apiPath: string, body?: unknown) =>
    adminCall(servers[i].baseURL, ADMIN_TOKEN, method, apiPath, body);

  test.beforeAll(async () => {
    postgres = await startPostgres();
    const env = {
      DATABASE_URL: await postgres.createDatabase(),
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdefghij',
      ADMIN_TOKEN,
    };
    // One after the other: the first migrates the database.
    servers = [await startProxyServer(env), await startProxyServer(env)];
  });
  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const remote of deployed) await remote.stop();
    await postgres?.stop();
  });

  test('a release reaches the next page on both instances, an open page is told, and rollback undoes it', async ({
    page,
  }) => {
    const heading = page.getByRole('heading', { level: 1 });
    await page.goto(`${servers[0].baseURL}/`);
    await expect(heading).toHaveText(TRIAL_HEADING);

    const v2 = await deployTrialCopy(`${TRIAL_HEADING}, v2`);
    deployed.push(v2);
    const released = await admin(1, 'POST', '/api/admin/remotes/trial/releases', {
      url: v2.manifestUrl,
      version: '2.0.0',
      releasedBy: 'e2e',
    });
    const releasedAt = Date.now();
    expect(released.release).toMatchObject({ version: '2.0.0', url: v2.manifestUrl });

    // The page opened before the release keeps its remote and offers the new version when it is next
    // focused. Its instance reads releases through a one-second cache, so a focus within that second
    // may still see the old listing: the page asks again on the next one.
    const notice = page.getByRole('status', { name: 'New version' });
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(notice).toContainText('A new version is available.', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(heading).toHaveText(TRIAL_HEADING);

    // The next page load, on the instance the release did not go through, loads it.
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(heading).toHaveText(`${TRIAL_HEADING}, v2`);
    const firstPageMs = Date.now() - releasedAt;
    test.info().annotations.push({ type: 'release to first page showing it (ms)', description: String(firstPageMs) });
    expect(v2.requests).toContain('/mf-manifest.json');
    await page.goto(`${servers[1].baseURL}/`);
    await expect(heading).toHaveText(`${TRIAL_HEADING}, v2`);
    await expect(page.locator('[data-remote="trial"]').getByRole('textbox', { name: 'Your prompt' })).toBeEditable();

    const back = await admin(0, 'POST', '/api/admin/remotes/trial/rollback', {});
    expect(back.current.version).toBe('initial');
    await page.goto(`${servers[0].baseURL}/`);
    await expect(heading).toHaveText(TRIAL_HEADING);
    // The other instance reads releases through a one-second cache: its next pages follow within it.
    await expect(async () => {
      await page.goto(`${servers[1].baseURL}/`);
      await expect(heading).toHaveText(TRIAL_HEADING, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  });

  test('a release that fails to load in the browser falls back to the last good release and is reported', async ({
    page,
  }) => {
    const v3 = await deployTrialCopy(`${TRIAL_HEADING}, v3`);
    await admin(0, 'POST', '/api/admin/remotes/trial/releases', { url: v3.manifestUrl, version: '3.0.0' });
    // It passed the gate, then its deployment went away.
    await v3.stop();

    const heading = page.getByRole('heading', { level: 1 });
    await page.goto(`${servers[1].baseURL}/`);
    await expect(heading).toHaveText(TRIAL_HEADING);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const trial = async () =>
      (await admin(1, 'GET', '/api/admin/remotes')).remotes.find((r: { remote: string }) => r.remote === 'trial');
    await expect.poll(async () => (await trial()).current.failures).toBe(1);

    // This browser remembers: the next page starts from the good release, and reports nothing new.
    await page.reload();
    await expect(heading).toHaveText(TRIAL_HEADING);
    expect((await trial()).current).toMatchObject({ version: '3.0.0', failures: 1 });
  });
});
