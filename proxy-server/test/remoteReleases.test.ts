/**
 * Remote releases at run time, through HTTP: two instances on one PostgreSQL serve a release made
 * through either on their next page (no restart); rollback; a sticky canary share; the compatibility
 * gate's refusals (nothing changes); failed loads counted; the admin API's token.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import {
  type FakeRemote,
  type GeneratedRemote,
  SHELL_SHARED,
  startGeneratedRemote,
  trialPrerenderFiles,
} from '@prompt-perfect/test-support/fakes/fakeRemote';
import { cookiesOf, request, startTestEnv, tempDir, type TestEnv } from './helpers';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const CONTRACT_VERSION = 2;

const TRIAL: GeneratedRemote = {
  container: 'mfe_trial',
  exposes: ['./TrialApp'],
  shared: SHELL_SHARED,
  contractVersion: CONTRACT_VERSION,
  cors: 'all',
  files: trialPrerenderFiles('Perfect your prompt'),
};

/** A built shell as far as the server reads it: its page, and the versions it shares. */
function shellDist(): string {
  const dir = tempDir('pp-shell-');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ name: 'shell', shared: SHELL_SHARED.map(({ name, version }) => ({ name, version })) }),
  );
  return dir;
}

/** The runtime configuration the server wrote into the page it served. */
async function pageRemotes(url: string, cookie?: string) {
  const page = await request(`${url}/`, { headers: { accept: 'text/html' }, cookie });
  const json = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(page.text)?.[1];
  if (!json) throw new Error(`no runtime configuration in the page (${page.status})`);
  return { remotes: JSON.parse(json).remotes, csp: page.headers.get('content-security-policy') ?? '' };
}

const release = (url: string, name: string, body: unknown) =>
  request(`${url}/api/admin/remotes/${name}/releases`, { body, headers: admin });

describe('remote releases on two instances sharing PostgreSQL', () => {
  let postgres: TestPostgres;
  let envs: TestEnv[] = [];
  let v2: FakeRemote;
  let v3: FakeRemote;
  const remotes: FakeRemote[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const env = {
      DATABASE_URL: await postgres.createDatabase(),
      ADMIN_TOKEN,
      SHELL_DIST_DIR: shellDist(),
      RATE_LIMIT_PER_IP: '100000',
    };
    envs = await Promise.all([startTestEnv({ env }), startTestEnv({ env })]);
    [v2, v3] = await Promise.all([startGeneratedRemote(TRIAL), startGeneratedRemote(TRIAL)]);
    remotes.push(v2, v3);
  }, 60_000);
  afterAll(async () => {
    for (const env of envs) await env.close();
    for (const remote of remotes) await remote.stop();
    await postgres?.stop();
  });

  it('a release through one instance is what the next page of the other loads, within seconds, no restart', async () => {
    const before = await pageRemotes(envs[1].url);
    expect(before.remotes.trial).toEqual({ manifestUrl: '/remotes/trial/mf-manifest.json', version: 'initial' });

    const answer = await release(envs[0].url, 'trial', { url: v2.manifestUrl, version: '2.0.0', releasedBy: 'ci' });
    expect(answer.status).toBe(201);
    expect(answer.body.release).toMatchObject({
      remote: 'trial',
      url: v2.manifestUrl,
      version: '2.0.0',
      releasedBy: 'ci',
    });
    const releasedAt = Date.now();

    let page = await pageRemotes(envs[1].url);
    while (page.remotes.trial.version !== '2.0.0') {
      expect(Date.now() - releasedAt).toBeLessThan(3_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      page = await pageRemotes(envs[1].url);
    }
    expect(page.remotes.trial).toEqual({
      manifestUrl: v2.manifestUrl,
      version: '2.0.0',
      fallback: { manifestUrl: '/remotes/trial/mf-manifest.json', version: 'initial' },
    });
    // The page may load it: the CSP names its origin.
    expect(page.csp).toContain(v2.origin);
    // The public listing says the same, cacheable for seconds; the other remotes are untouched.
    const listing = await request(`${envs[1].url}/api/remotes`);
    expect(listing.headers.get('cache-control')).toBe('public, max-age=5');
    expect(listing.body.remotes.trial).toEqual({ url: v2.manifestUrl, version: '2.0.0', canary: null });
    expect(listing.body.remotes.workspace).toMatchObject({ version: 'initial' });
  });

  it('rollback goes back one release at a time, down to the initial one, on every instance', async () => {
    expect((await release(envs[1].url, 'trial', { url: v3.manifestUrl, version: '3.0.0' })).status).toBe(201);
    expect((await pageRemotes(envs[0].url)).remotes.trial.version).toBe('3.0.0');

    const back = await request(`${envs[0].url}/api/admin/remotes/trial/rollback`, { body: {}, headers: admin });
    expect(back.status).toBe(200);
    expect(back.body.rolledBack).toMatchObject({ version: '3.0.0' });
    expect(back.body.current).toMatchObject({ version: '2.0.0', url: v2.manifestUrl });
    await expect.poll(async () => (await pageRemotes(envs[1].url)).remotes.trial.version).toBe('2.0.0');

    const status = await request(`${envs[1].url}/api/admin/remotes`, { headers: admin });
    const trial = status.body.remotes.find((r: { remote: string }) => r.remote === 'trial');
    expect(trial.current.version).toBe('2.0.0');
    expect(trial.previous.version).toBe('initial');
    expect(
      trial.history.map((r: { version: string; rolledBackAt: string | null }) => [r.version, Boolean(r.rolledBackAt)]),
    ).toEqual([
      ['3.0.0', true],
      ['2.0.0', false],
      ['initial', false],
    ]);

    expect(
      (await request(`${envs[1].url}/api/admin/remotes/trial/rollback`, { body: {}, headers: admin })).body.current
        .version,
    ).toBe('initial');
    const none = await request(`${envs[0].url}/api/admin/remotes/trial/rollback`, { body: {}, headers: admin });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('The trial remote runs its initial release: there is no earlier one to roll back to.');
  });

  it('a canary goes to a sticky share of visitors, within tolerance, and its failed loads are counted', async () => {
    const set = await request(`${envs[0].url}/api/admin/remotes/trial/canary`, {
      method: 'PUT',
      body: { url: v3.manifestUrl, version: '3.1.0', percent: 20 },
      headers: admin,
    });
    expect(set.status).toBe(200);
    expect(set.body.canary).toMatchObject({ version: '3.1.0', percent: 20, failures: 0 });
    // Stickiness across instances holds once both have read the canary (within their one-second cache).
    await expect
      .poll(async () => (await request(`${envs[1].url}/api/remotes`)).body.remotes.trial.canary?.version, {
        timeout: 5_000,
      })
      .toBe('3.1.0');

    const visitors = 400;
    let inCanary = 0;
    let sticky = true;
    for (let i = 0; i < visitors; i++) {
      const first = await request(`${envs[i % 2].url}/runtime-config.json`);
      const got = first.body.remotes.trial;
      if (got.version === '3.1.0') {
        inCanary++;
        expect(got.fallback).toEqual({ manifestUrl: '/remotes/trial/mf-manifest.json', version: 'initial' });
      }
      // The same visitor, on the other instance, a page later: the same build.
      if (i % 50 === 0) {
        const again = await request(`${envs[(i + 1) % 2].url}/runtime-config.json`, { cookie: cookiesOf(first) });
        sticky &&= again.body.remotes.trial.version === got.version;
      }
    }
    expect(sticky).toBe(true);
    // 20% of 400: 80, standard deviation 8; 3.5 deviations either side.
    expect(inCanary).toBeGreaterThanOrEqual(52);
    expect(inCanary).toBeLessThanOrEqual(108);

    const failed = await request(`${envs[1].url}/api/remotes/failures`, {
      body: { remote: 'trial', url: v3.manifestUrl, version: '3.1.0', message: 'ScriptExternalLoadError' },
    });
    expect(failed.status).toBe(204);
    const status = await request(`${envs[0].url}/api/admin/remotes`, { headers: admin });
    expect(status.body.remotes.find((r: { remote: string }) => r.remote === 'trial').canary).toMatchObject({
      failures: 1,
    });

    expect(
      (await request(`${envs[0].url}/api/admin/remotes/trial/canary`, { method: 'DELETE', headers: admin })).status,
    ).toBe(204);
    // The other instance reads releases through a one-second cache: the end reaches it within it.
    await expect
      .poll(async () => (await request(`${envs[1].url}/api/remotes`)).body.remotes.trial.canary, { timeout: 5_000 })
      .toBeNull();
  }, 60_000);
});

describe('the compatibility gate', () => {
  let env: TestEnv;
  const remotes: FakeRemote[] = [];
  const serve = async (changes: Partial<GeneratedRemote>) => {
    const remote = await startGeneratedRemote({ ...TRIAL, ...changes });
    remotes.push(remote);
    return remote;
  };

  beforeAll(async () => {
    env = await startTestEnv({ env: { ADMIN_TOKEN, SHELL_DIST_DIR: shellDist() } });
  });
  afterAll(async () => {
    await env.close();
    for (const remote of remotes) await remote.stop();
  });

  const refused = async (remote: FakeRemote) => {
    const answer = await release(env.url, 'trial', { url: remote.manifestUrl, version: '9.9.9' });
    expect(answer.status).toBe(409);
    // Nothing changed.
    expect((await request(`${env.url}/api/remotes`)).body.remotes.trial.version).toBe('initial');
    return answer.body;
  };

  it('refuses a remote whose singletons cannot share the shell’s versions, with every reason', async () => {
    const remote = await serve({
      shared: [
        { name: 'react', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true },
        { name: 'react-dom', version: '18.3.1', requiredVersion: '^18.2.0', singleton: true },
        { name: 'react-router-dom', version: '7.9.0', requiredVersion: '^7.9.0', singleton: false },
        { name: 'zustand', version: '4.5.2', requiredVersion: '^4.5.0', singleton: true },
      ],
    });
    const body = await refused(remote);
    expect(body.error).toBe(`The trial remote at ${remote.manifestUrl} cannot be released: 4 problems.`);
    expect(body.reasons).toEqual([
      "It needs react ^18.2.0, which the shell's react 19.2.0 does not satisfy.",
      "It needs react-dom ^18.2.0, which the shell's react-dom 19.2.0 does not satisfy.",
      'It shares react-router-dom but not as a singleton: the shell needs exactly one copy.',
      "It needs zustand ^4.5.0, which the shell's zustand 5.0.8 does not satisfy.",
    ]);
  });

  it('refuses a remote that lacks what the contract needs', async () => {
    const body = await refused(await serve({ container: 'mfe_trial', exposes: ['./Other'], contractVersion: 1 }));
    expect(body.reasons).toEqual([
      `It was built against contract version 1; this shell needs version ${CONTRACT_VERSION}.`,
      'It does not expose ./TrialApp, which the shell loads.',
    ]);
    const none = await refused(await serve({ container: 'mfe_workspace', contractVersion: null }));
    expect(none.reasons).toEqual([
      "Its container is named 'mfe_workspace'; the shell loads 'mfe_trial'.",
      `Its manifest carries no prompt-perfect-remotes contract version; this shell needs version ${CONTRACT_VERSION}.`,
    ]);
  });

  it('refuses a remote whose files are not reachable with CORS', async () => {
    const none = await serve({ cors: 'none' });
    const origin = env.url;
    expect((await refused(none)).reasons).toEqual([
      `The manifest ${none.manifestUrl} is not served with CORS for ${origin}: it sends no Access-Control-Allow-Origin header.`,
      `${none.origin}/remoteEntry.js is not served with CORS for ${origin}: it sends no Access-Control-Allow-Origin header.`,
      `${none.origin}/__federation_expose_TrialApp.js is not served with CORS for ${origin}: it sends no Access-Control-Allow-Origin header.`,
    ]);
    const partly = await serve({ cors: 'manifest' });
    expect((await refused(partly)).reasons).toHaveLength(2);
    const gone = await serve({});
    await gone.stop();
    expect((await refused(gone)).reasons[0]).toMatch(
      new RegExp(`^The manifest ${gone.manifestUrl.replace(/[.]/g, '\\.')} could not be fetched: .+\\.$`),
    );
  });

  it('releases a compatible remote; the admin API needs its token and a valid body', async () => {
    const good = await serve({});
    expect((await release(env.url, 'trial', { url: good.manifestUrl, version: '1.0.0' })).status).toBe(201);
    expect(good.requests).toEqual(
      expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js', '/__federation_expose_TrialApp.js']),
    );

    const anonymous = await request(`${env.url}/api/admin/remotes/trial/releases`, {
      body: { url: good.manifestUrl, version: '1.0.1' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('This needs the operator token: send Authorization: Bearer <ADMIN_TOKEN>.');
    const wrong = await request(`${env.url}/api/admin/remotes`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const badBody = await release(env.url, 'trial', { url: 'mf-manifest.json', version: '1.0.1' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error).toBe("Field 'url' must be the absolute http(s) URL of the remote's mf-manifest.json.");
    const unknown = await release(env.url, 'header', { url: good.manifestUrl, version: '1.0.1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("There is no remote 'header': it is one of trial, workspace, progress.");
  });

  it('without ADMIN_TOKEN the admin API is off', async () => {
    const off = await startTestEnv();
    try {
      const answer = await request(`${off.url}/api/admin/remotes`, { headers: admin });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('The admin API is off: set ADMIN_TOKEN on the server to use it.');
    } finally {
      await off.close();
    }
  });
});
