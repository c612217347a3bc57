import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../src/static/cachePolicy';
import { request, startTestEnv, tempDir, type TestEnv } from './helpers';

function writeDist(root: string) {
  const files: Record<string, string> = {
    'shell/index.html': '<!doctype html><title>Prompt Perfect</title>',
    'shell/main.3f2a9c1b.js': 'console.log("shell")',
    'shell/main.3f2a9c1b.js.map': '{"version":3,"sources":["webpack://shell/src/App.tsx"]}',
    'trial/static/js/123.abcdef01.js.map': '{"version":3}',
    'shell/logo.svg': '<svg/>',
    'trial/mf-manifest.json': '{"name":"mfe_trial"}',
    'trial/remoteEntry.js': 'var mfe_trial;',
    'trial/static/js/123.abcdef01.js': '/* chunk */',
    'workspace/remoteEntry.js': 'var mfe_workspace;',
    'progress/remoteEntry.js': 'var mfe_progress;',
  };
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

describe('static serving of the built shell and remotes', () => {
  let env: TestEnv;
  let root: string;
  beforeAll(async () => {
    root = tempDir('pp-dist-');
    writeDist(root);
    env = await startTestEnv({
      env: {
        SHELL_DIST_DIR: path.join(root, 'shell'),
        MFE_TRIAL_DIST_DIR: path.join(root, 'trial'),
        MFE_WORKSPACE_DIST_DIR: path.join(root, 'workspace'),
        MFE_PROGRESS_DIST_DIR: path.join(root, 'progress'),
      },
    });
  });
  afterAll(async () => {
    await env.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('source maps stay on the server: 404 for the shell and for remotes, while their scripts are served', async () => {
    expect((await request(`${env.url}/main.3f2a9c1b.js`)).status).toBe(200);
    for (const p of [
      '/main.3f2a9c1b.js.map',
      '/remotes/trial/static/js/123.abcdef01.js.map',
      '/MAIN.3f2a9c1b.js.MAP',
    ]) {
      const res = await request(`${env.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain('sources');
    }
  });

  it('/ and client-side routes get index.html, private and revalidated (history fallback)', async () => {
    for (const p of ['/', '/sign-in', '/no/such/path']) {
      const res = await request(`${env.url}${p}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('<title>Prompt Perfect</title>');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('hashed files are immutable, others revalidate', async () => {
    const hashed = await request(`${env.url}/main.3f2a9c1b.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const logo = await request(`${env.url}/logo.svg`);
    expect(logo.headers.get('cache-control')).toBe('no-cache');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const res = await request(`${env.url}/main.deadbeef.js`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
  });

  it('remotes: CORS, no-cache manifest and entry, immutable chunks', async () => {
    const manifest = await request(`${env.url}/remotes/trial/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ name: 'mfe_trial' });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const entry = await request(`${env.url}/remotes/trial/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    const chunk = await request(`${env.url}/remotes/trial/static/js/123.abcdef01.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    for (const name of ['workspace', 'progress']) {
      expect((await request(`${env.url}/remotes/${name}/remoteEntry.js`)).status).toBe(200);
    }
    const preflight = await request(`${env.url}/remotes/trial/mf-manifest.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('remotes: missing files are 404 JSON even for navigations, never index.html', async () => {
    for (const p of [
      '/remotes/trial/nope.js',
      '/remotes/workspace/mf-manifest.json',
      '/remotes/unknown/remoteEntry.js',
    ]) {
      const res = await request(`${env.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(404);
      expect(res.text).not.toContain('<title>');
    }
  });

  it('/api paths never fall back to index.html', async () => {
    const res = await request(`${env.url}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No such API endpoint/);
  });

  it('runtime-config.json: the initial releases, private (a canary is per visitor), no-cache', async () => {
    const res = await request(`${env.url}/runtime-config.json`);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.body).toEqual({
      remotes: {
        trial: { manifestUrl: '/remotes/trial/mf-manifest.json', version: 'initial' },
        workspace: { manifestUrl: '/remotes/workspace/mf-manifest.json', version: 'initial' },
        progress: { manifestUrl: '/remotes/progress/mf-manifest.json', version: 'initial' },
      },
      auth: { mode: 'local' },
      remoteTimeouts: { manifestMs: 10000, entryMs: 120000 },
    });
  });
});

describe('runtime config from env, and the CSP follows the remotes', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({
      env: {
        REMOTE_TRIAL_URL: 'http://127.0.0.1:3101/mf-manifest.json',
        REMOTE_WORKSPACE_URL: 'https://cdn.example.com/workspace/mf-manifest.json',
        REMOTE_MANIFEST_TIMEOUT_MS: '1500',
        REMOTE_ENTRY_TIMEOUT_MS: '30000',
        SHELL_DIST_DIR: '/nonexistent/shell/dist',
      },
    });
  });
  afterAll(() => env.close());

  it('serves the configured URLs and timeouts', async () => {
    const res = await request(`${env.url}/runtime-config.json`);
    expect(res.body.remotes).toEqual({
      trial: { manifestUrl: 'http://127.0.0.1:3101/mf-manifest.json', version: 'initial' },
      workspace: { manifestUrl: 'https://cdn.example.com/workspace/mf-manifest.json', version: 'initial' },
      progress: { manifestUrl: '/remotes/progress/mf-manifest.json', version: 'initial' },
    });
    expect(res.body.remoteTimeouts).toEqual({ manifestMs: 1500, entryMs: 30000 });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' http://127.0.0.1:3101 https://cdn.example.com;");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:3101 https://cdn.example.com;");
    expect(csp).toContain("style-src 'self' http://127.0.0.1:3101 https://cdn.example.com 'unsafe-inline';");
  });

  it('without a built shell, / explains what to do', async () => {
    const res = await request(`${env.url}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/npm run build/);
  });
});

describe('cache policy', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['main.3f2a9c1b.js', 'public, max-age=31536000, immutable'],
    ['styles.0123abcd.css', 'public, max-age=31536000, immutable'],
    ['chunk.0123abcd0123abcd.js', 'public, max-age=31536000, immutable'],
    ['logo.png', 'no-cache'],
    ['main.1234.js', 'no-cache'],
  ])('%s -> %s', (name, expected) => {
    expect(cacheControlFor(`/dist/${name}`)).toBe(expected);
  });
});
