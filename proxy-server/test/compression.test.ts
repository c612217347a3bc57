/**
 * First load on a slow network: built assets go out as their precompressed Brotli or gzip copy, the
 * page carries the runtime configuration and preloads for its first screen, dynamic JSON is
 * compressed on the fly, and an event stream never is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../tools/precompress.js';
import { request, signInLocal, startTestEnv, tempDir, type TestEnv } from './helpers';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET with exactly the Accept-Encoding given (fetch would add its own and decompress). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const SCRIPT = `console.log(${JSON.stringify('a fairly repetitive built script '.repeat(400))});`;
const MANIFEST = { name: 'mfe_trial', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } };
/** What tools/rspack/preloadManifestPlugin.js lists for the trial: its start-up files and shared copies. */
const TRIAL_STARTUP = {
  exposes: {
    TrialApp: {
      files: [
        '433.99e7ef8b.js',
        '__federation_expose_TrialApp.7b0bbd17.js',
        '__federation_expose_TrialApp.c92c569f.css',
      ],
      consumes: ['@prompt-perfect/shared/account/accountActions', '@prompt-perfect/shared/auth/authStore', 'react'],
    },
  },
  shared: {
    // The shell provides this one, so the trial's copy is never fetched.
    '@prompt-perfect/shared/auth/authStore': { files: ['561.0a962680.js'], consumes: [] },
    // Only the trial has this one: its copy loads after its entry, and what it consumes in turn.
    '@prompt-perfect/shared/account/accountActions': {
      files: ['887.67af791c.js'],
      consumes: ['@prompt-perfect/shared/stores/outbox'],
    },
    '@prompt-perfect/shared/stores/outbox': { files: ['512.5d1e0c3a.js'], consumes: ['react'] },
    react: { files: ['121.276c6c8e.js'], consumes: [] },
  },
};
const SHELL_STARTUP = { files: ['react-family.0ca4250f.js'], signedIn: ['account.72d55e69.js'] };
const SHELL_MANIFEST = {
  name: 'shell',
  shared: [{ name: '@prompt-perfect/shared/auth/authStore' }, { name: 'react' }],
};

function writeDist(root: string) {
  const files: Record<string, string> = {
    'shell/index.html':
      '<!doctype html><html><head><title>Prompt Perfect</title><script defer src="/main.b9246689.js"></script></head><body><div id="root"></div></body></html>',
    'shell/main.b9246689.js': SCRIPT,
    'shell/mf-manifest.json': JSON.stringify(SHELL_MANIFEST),
    'shell/preload-manifest.json': JSON.stringify(SHELL_STARTUP),
    'trial/mf-manifest.json': JSON.stringify(MANIFEST),
    'trial/preload-manifest.json': JSON.stringify(TRIAL_STARTUP),
    'trial/remoteEntry.js': SCRIPT,
    'trial/433.99e7ef8b.js': SCRIPT,
  };
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  precompress(path.join(root, 'shell'));
  precompress(path.join(root, 'trial'));
}

describe('compressed static assets and the served page', () => {
  let env: TestEnv;
  let root: string;
  const dist = (extra: Record<string, string> = {}) => ({
    SHELL_DIST_DIR: path.join(root, 'shell'),
    MFE_TRIAL_DIST_DIR: path.join(root, 'trial'),
    ...extra,
  });
  beforeAll(async () => {
    root = tempDir('pp-dist-');
    writeDist(root);
    env = await startTestEnv({ env: dist() });
  });
  afterAll(() => env.close());

  it('serves br, gzip or identity as the browser accepts, with Vary: Accept-Encoding', async () => {
    for (const file of ['/main.b9246689.js', '/remotes/trial/433.99e7ef8b.js', '/remotes/trial/remoteEntry.js']) {
      const br = await rawGet(`${env.url}${file}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], file).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
      expect(br.body.length).toBeLessThan(SCRIPT.length / 10);

      const gz = await rawGet(`${env.url}${file}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], file).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

      const plain = await rawGet(`${env.url}${file}`);
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);
    }
  });

  it('cache headers per asset class, with validators for what revalidates', async () => {
    const hashed = await rawGet(`${env.url}/main.b9246689.js`, { 'accept-encoding': 'br' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const file of ['/remotes/trial/remoteEntry.js', '/remotes/trial/mf-manifest.json']) {
      const res = await rawGet(`${env.url}${file}`, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control'], file).toBe('no-cache');
      expect(res.headers.etag, file).toBeTruthy();
      const again = await rawGet(`${env.url}${file}`, {
        'accept-encoding': 'br',
        'if-none-match': String(res.headers.etag),
      });
      expect(again.status, file).toBe(304);
    }
    const page = await rawGet(`${env.url}/`, { accept: 'text/html' });
    expect(page.headers['cache-control']).toBe('private, no-cache');
  });

  it('the page carries the runtime configuration (as data, not script) and preloads derived from the build', async () => {
    const page = (await rawGet(`${env.url}/sign-in`, { accept: 'text/html' })).body.toString();
    const config = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(config!)).toMatchObject({
      remotes: { trial: { manifestUrl: '/remotes/trial/mf-manifest.json' } },
      auth: { mode: 'local' },
    });
    for (const tag of [
      '<link rel="preload" href="/remotes/trial/mf-manifest.json" as="fetch" crossorigin="anonymous">',
      // The shell loads remote entries with crossorigin="anonymous": the preload matches, or the entry is fetched twice.
      '<link rel="preload" href="/remotes/trial/remoteEntry.js" as="script" crossorigin="anonymous">',
      // The exposed module's chunks come through the same MF loader, so they are CORS requests too.
      '<link rel="preload" href="/remotes/trial/433.99e7ef8b.js" as="script" crossorigin="anonymous">',
      '<link rel="preload" href="/remotes/trial/__federation_expose_TrialApp.7b0bbd17.js" as="script" crossorigin="anonymous">',
      // The remote's own copy of a shared module the shell does not provide comes through its chunk loader.
      '<link rel="preload" href="/remotes/trial/__federation_expose_TrialApp.c92c569f.css" as="style">',
      '<link rel="preload" href="/remotes/trial/887.67af791c.js" as="script">',
      '<link rel="preload" href="/remotes/trial/512.5d1e0c3a.js" as="script">',
      '<link rel="preload" href="/react-family.0ca4250f.js" as="script">',
    ]) {
      expect(page).toContain(tag);
    }
    // The shell provides authStore: the trial's copy would be preloaded for nothing.
    expect(page).not.toContain('561.0a962680.js');
    // React always comes from the shell; the account code only for a signed-in user.
    expect(page).not.toContain('121.276c6c8e.js');
    expect(page).not.toContain('account.72d55e69.js');
    expect(page.indexOf('id="runtime-config"')).toBeLessThan(page.indexOf('</head>'));
  });

  it('with the local identity the page carries its session: signed out, then the signed-in user', async () => {
    const session = (html: string) =>
      JSON.parse(/<script type="application\/json" id="initial-session">(.*?)<\/script>/.exec(html)![1]);
    expect(session((await request(`${env.url}/`, { headers: { accept: 'text/html' } })).text)).toEqual({
      mode: 'local',
      user: null,
    });
    const cookie = await signInLocal(env.url, 'Page <Reader>', 'reader@example.com');
    const page = (await request(`${env.url}/`, { headers: { accept: 'text/html' }, cookie })).text;
    expect(session(page).user).toMatchObject({ name: 'Page <Reader>', email: 'reader@example.com' });
    expect(page).not.toContain('Page <Reader>');
    // A signed-in page preloads the account code and the workspace remote, not the visitor's.
    expect(page).toContain('<link rel="preload" href="/account.72d55e69.js" as="script">');
    expect(page).toContain(
      '<link rel="preload" href="/remotes/workspace/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    expect(page).not.toContain('<link rel="preload" href="/remotes/trial/');
  });

  it('dynamic JSON is compressed on the fly when it is worth it; an event stream never is', async () => {
    const providers = await rawGet(`${env.url}/api/providers`, { 'accept-encoding': 'gzip' });
    expect(providers.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(providers.body).toString()).providers).toHaveLength(2);
    env.openai.respondWith({
      kind: 'stream',
      pieces: Array.from({ length: 40 }, (_, i) => `piece ${i} of a long answer. `),
    });
    const res = await fetch(`${env.url}/api/trial/optimize/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ prompt: 'x' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('event: done');
  });

  it('a remote URL changed at run time (restart only) reaches the page, with only its manifest preloaded', async () => {
    await env.restart(dist({ REMOTE_TRIAL_URL: 'https://cdn.example.com/trial/mf-manifest.json' }));
    const page = (await request(`${env.url}/`, { headers: { accept: 'text/html' } })).text;
    expect(page).toContain('"manifestUrl":"https://cdn.example.com/trial/mf-manifest.json"');
    expect(page).toContain(
      '<link rel="preload" href="https://cdn.example.com/trial/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    expect(page).not.toContain('remoteEntry.js');
  });
});
