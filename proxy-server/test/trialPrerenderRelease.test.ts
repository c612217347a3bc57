/**
 * The visitor page follows the released trial remote, through HTTP: its prerendered first screen
 * (fragment, words, CSS) is the release's own, on the instance that released it and on another one
 * sharing the database; rollback brings back the previous release's; a fragment the page could not
 * carry is refused by the gate with the reason; a release recorded before releases carried their
 * prerender gets the page rendered in the browser; a canary's visitors get the canary's first screen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import {
  type FakeRemote,
  type GeneratedRemote,
  SHELL_SHARED,
  startGeneratedRemote,
  trialPrerenderFiles,
} from '@prompt-perfect/test-support/fakes/fakeRemote';
import { request, startTestEnv, tempDir, type TestEnv } from './helpers';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const HEADING = 'Perfect your prompt';

const trialBuild = (files: Record<string, string>): GeneratedRemote => ({
  container: 'mfe_trial',
  exposes: ['./TrialApp'],
  shared: SHELL_SHARED,
  contractVersion: 2,
  cors: 'all',
  files,
});

/** A built shell (page, prerendered page around the trial's slot, shared versions) and its own trial build. */
function dists(): { shell: string; trial: string } {
  const root = tempDir('pp-prerender-');
  const files: Record<string, string> = {
    'shell/index.html': '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    'shell/visitor.html':
      '<!doctype html><html><head><!--prompt-perfect-visitor-head--></head><body><div id="root" data-prerendered="visitor">' +
      '<main><div data-remote="trial">@@prompt-perfect-trial-fragment@@</div></main></div></body></html>',
    'shell/mf-manifest.json': JSON.stringify({
      name: 'shell',
      shared: SHELL_SHARED.map(({ name, version }) => ({ name, version })),
    }),
    ...Object.fromEntries(Object.entries(trialPrerenderFiles(HEADING)).map(([f, text]) => [`trial/${f}`, text])),
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return { shell: path.join(root, 'shell'), trial: path.join(root, 'trial') };
}

const visitorPage = async (url: string) => (await request(`${url}/`, { headers: { accept: 'text/html' } })).text;
/** The trial slot's markup, the visitor's own form token left out. */
const slotOf = (html: string) =>
  /<div data-remote="trial">(.*?)<\/div><\/main>/.exec(html)?.[1]?.replace(/ value="[\w.-]+"/, ' value="token"');
const release = (url: string, body: unknown) =>
  request(`${url}/api/admin/remotes/trial/releases`, { body, headers: admin });

describe('the visitor page follows the released trial remote', () => {
  let postgres: TestPostgres;
  let databaseUrl: string;
  let envs: TestEnv[] = [];
  const remotes: FakeRemote[] = [];
  const deploy = async (files: Record<string, string>) => {
    const remote = await startGeneratedRemote(trialBuild(files));
    remotes.push(remote);
    return remote;
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
    const { shell, trial } = dists();
    const env = {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'session-secret-for-tests-0123456789abcdef',
      ADMIN_TOKEN,
      SHELL_DIST_DIR: shell,
      MFE_TRIAL_DIST_DIR: trial,
    };
    // One after the other: the first migrates the database.
    envs = [await startTestEnv({ env }), await startTestEnv({ env })];
  }, 60_000);
  afterAll(async () => {
    for (const env of envs) await env.close();
    for (const remote of remotes) await remote.stop();
    await postgres?.stop();
  });

  it('a release changes the first screen on both instances, and rollback restores the previous one', async () => {
    const own = await visitorPage(envs[0].url);
    expect(slotOf(own)).toContain(`<h1>${HEADING}</h1>`);
    expect(own).toContain(`<title>Prompt Perfect: ${HEADING}</title>`);
    expect(own).toContain('href="/remotes/trial/static/css/trial.0123abcd.css" data-inlined-stylesheet disabled');

    const v2 = await deploy(trialPrerenderFiles(`${HEADING}, v2`));
    expect((await release(envs[0].url, { url: v2.manifestUrl, version: '2.0.0' })).status).toBe(201);

    // The releasing instance kept what its gate checked; the other reads it on its first page.
    for (const env of envs) {
      await expect.poll(async () => slotOf(await visitorPage(env.url)), { timeout: 5_000 }).toContain(`, v2</h1>`);
      const page = await visitorPage(env.url);
      expect(page).toContain(`<title>Prompt Perfect: ${HEADING}, v2</title>`);
      expect(page).toContain(
        `<style>.trial h1 { color: rebeccapurple; }</style><link rel="stylesheet" href="${v2.origin}/static/css/trial.0123abcd.css" data-inlined-stylesheet disabled>`,
      );
      expect(page).toContain('data-prerendered="visitor"');
      expect(page).not.toContain('/remotes/trial/static/css');
    }
    expect(v2.requests.filter((p) => p === '/prerender.json').length).toBeGreaterThanOrEqual(2);

    const back = await request(`${envs[1].url}/api/admin/remotes/trial/rollback`, { method: 'POST', headers: admin });
    expect(back.status).toBe(200);
    for (const env of envs) {
      await expect.poll(async () => slotOf(await visitorPage(env.url)), { timeout: 5_000 }).toBe(slotOf(own));
    }
  });

  it('the gate refuses a fragment the page cannot carry, with the reason, and nothing changes', async () => {
    const before = await visitorPage(envs[0].url);
    const cases: Array<[Record<string, string>, string[]]> = [
      [
        { 'remoteEntry.js': '' },
        [
          expect.stringMatching(
            /^Its build ships no prerender\.json \(http:\/\/127\.0\.0\.1:\d+\/prerender\.json answered 404\): the visitor page's first paint needs its prerendered fragment/,
          ),
        ],
      ],
      [
        trialPrerenderFiles(HEADING, { html: '<h1>Hi</h1><script>alert(1)</script><img src=x onerror="alert(1)">' }),
        [
          'Its prerendered fragment holds a <script> element: the page runs no inline script (CSP).',
          'Its prerendered fragment has an inline event handler (on...=): the page runs none (CSP).',
        ],
      ],
      [
        trialPrerenderFiles(HEADING, {
          html: '<a href="javascript:alert(1)">x</a><base href="https://evil.example/">',
        }),
        [
          'Its prerendered fragment holds a <base> element, which would change the page around it.',
          'Its prerendered fragment has a javascript: URL: the page runs no inline script (CSP).',
        ],
      ],
      [
        trialPrerenderFiles(HEADING, { html: `<p>${'x'.repeat(300 * 1024)}</p>` }),
        ['Its prerender.json is larger than 256 KiB.'],
      ],
      [
        trialPrerenderFiles(HEADING, { format: 2, css: ['../secret.css'] }),
        ['Its prerender.json is not a prerender of format 1 (check format, css.0).'],
      ],
      [
        { ...trialPrerenderFiles(HEADING), 'static/css/trial.0123abcd.css': '.a { background: url(bg.png) }' },
        ["Its first screen's CSS static/css/trial.0123abcd.css uses url(), which cannot be inlined into the page."],
      ],
    ];
    for (const [files, reasons] of cases) {
      const bad = await deploy(files);
      const answer = await release(envs[0].url, { url: bad.manifestUrl, version: '6.6.6' });
      expect(answer.status).toBe(409);
      expect(answer.body.reasons).toEqual(reasons);
    }
    expect((await request(`${envs[0].url}/api/remotes`)).body.remotes.trial.version).toBe('initial');
    expect(slotOf(await visitorPage(envs[0].url))).toBe(slotOf(before));
  });

  it("a canary's visitors get the canary's first screen, and ending it brings back the release's", async () => {
    const before = slotOf(await visitorPage(envs[0].url));
    const canary = await deploy(trialPrerenderFiles(`${HEADING}, canary`));
    const started = await request(`${envs[0].url}/api/admin/remotes/trial/canary`, {
      method: 'PUT',
      body: { url: canary.manifestUrl, version: '3.0.0-canary', percent: 100 },
      headers: admin,
    });
    expect(started.status).toBe(200);
    for (const env of envs) {
      await expect.poll(async () => slotOf(await visitorPage(env.url)), { timeout: 5_000 }).toContain(', canary</h1>');
      expect(await visitorPage(env.url)).toContain(`<title>Prompt Perfect: ${HEADING}, canary</title>`);
    }

    const ended = await request(`${envs[1].url}/api/admin/remotes/trial/canary`, { method: 'DELETE', headers: admin });
    expect(ended.status).toBe(204);
    for (const env of envs) {
      await expect.poll(async () => slotOf(await visitorPage(env.url)), { timeout: 5_000 }).toBe(before);
    }
  });

  it('a release recorded before releases carried their prerender gets the page rendered in the browser', async () => {
    const old = await deploy({ 'remoteEntry.js': '' });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        'INSERT INTO remote_releases (remote, url, version, released_by, released_at) VALUES ($1, $2, $3, $4, $5)',
        ['trial', old.manifestUrl, '1.5.0', 'before', Date.now()],
      );
    } finally {
      await db.end();
    }
    for (const env of envs) {
      await expect
        .poll(async () => (await visitorPage(env.url)).includes(`"manifestUrl":"${old.manifestUrl}"`), {
          timeout: 5_000,
        })
        .toBe(true);
      const page = await visitorPage(env.url);
      expect(page).toContain('<div id="root"></div>');
      expect(page).not.toContain('data-prerendered');
    }
  });
});
