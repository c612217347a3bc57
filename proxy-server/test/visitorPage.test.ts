import { request as httpRequest } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@prompt-perfect/core/messages';
import { trialPrerenderFiles } from '@prompt-perfect/test-support/fakes/fakeRemote';
import { createFormTokens } from '../src/features/trial/visitorForm/formToken';
import { cookiesOf, request, startTestEnv, tempDir, type TestEnv } from './helpers';

/** The shell's prerendered page around the trial's slot (tools/prerender.js). */
const PRERENDERED =
  '<!doctype html><html><head><style>header{}</style><!--prompt-perfect-visitor-head--></head><body><div id="root" data-prerendered="visitor">' +
  '<header>Prompt Perfect</header><main><div data-remote="trial">@@prompt-perfect-trial-fragment@@</div></main>' +
  '</div></body></html>';

/** A built shell with its prerendered page, and the server's own trial build with `trialFiles`. */
function writeDist(root: string, trialFiles: Record<string, string>) {
  const files: Record<string, string> = {
    'shell/index.html':
      '<!doctype html><html><head><title>Prompt Perfect</title></head><body><div id="root"></div></body></html>',
    'shell/visitor.html': PRERENDERED,
    ...Object.fromEntries(Object.entries(trialFiles).map(([file, text]) => [`trial/${file}`, text])),
    'workspace/remoteEntry.js': '',
    'progress/remoteEntry.js': '',
  };
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

function serveDist(trialFiles: Record<string, string>) {
  const holder = {} as { env: TestEnv; root: string };
  beforeEach(async () => {
    holder.root = tempDir('pp-visitor-');
    writeDist(holder.root, trialFiles);
    holder.env = await startTestEnv({
      env: {
        TRIAL_LIMIT_PER_IP: '1000',
        SHELL_DIST_DIR: path.join(holder.root, 'shell'),
        MFE_TRIAL_DIST_DIR: path.join(holder.root, 'trial'),
        MFE_WORKSPACE_DIST_DIR: path.join(holder.root, 'workspace'),
        MFE_PROGRESS_DIST_DIR: path.join(holder.root, 'progress'),
      },
    });
  });
  afterEach(async () => {
    await holder.env.close();
    rmSync(holder.root, { recursive: true, force: true });
  });
  return holder;
}

const tokenIn = (html: string) => /name="formToken" value="([^"]*)"/.exec(html)?.[1] ?? '';

/** Posts the form as a browser does (urlencoded), with headers fetch() may not set. */
function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      `${url}/trial/perfect`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A visitor opens the page: their cookie and the token written into it. */
async function openPage(env: TestEnv) {
  const page = await request(`${env.url}/`, { headers: { accept: 'text/html' } });
  return { page, cookie: cookiesOf(page), token: tokenIn(page.text) };
}

const remainingOf = async (env: TestEnv, cookie: string) =>
  (await request(`${env.url}/api/trial/status`, { cookie })).body.remaining as number;

describe('the prerendered visitor page', () => {
  const t = serveDist(trialPrerenderFiles('Perfect your prompt'));

  it('is served at / to a visitor, with the runtime config, a visitor cookie and their own form token in place of the placeholder', async () => {
    const { page, cookie, token } = await openPage(t.env);
    expect(page.text).toContain('data-prerendered="visitor"');
    // The server's own trial build's first screen: its fragment in the slot, its words and CSS in the head.
    expect(page.text).toContain('<div data-remote="trial"><section class="trial"><h1>Perfect your prompt</h1>');
    expect(page.text).toContain('<title>Prompt Perfect: Perfect your prompt</title>');
    expect(page.text).toContain(
      '<style>.trial h1 { color: rebeccapurple; }</style><link rel="stylesheet" href="/remotes/trial/static/css/trial.0123abcd.css" data-inlined-stylesheet disabled>',
    );
    expect(page.text).not.toContain('@@prompt-perfect');
    expect(page.text).not.toContain('<!--prompt-perfect');
    expect(page.text).toContain('id="runtime-config"');
    expect(page.text).not.toContain('__VISITOR_FORM_TOKEN__');
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{43}$/);
    expect(page.text).toContain(`<meta name="visitor-form-token" content="${token}">`);
    expect(cookie).toMatch(/^pp_visitor=/);
  });

  it('other paths and signed-in users get the page rendered in the browser', async () => {
    const other = await request(`${t.env.url}/sign-in`, { headers: { accept: 'text/html' } });
    expect(other.text).toContain('<div id="root"></div>');
    const signIn = await request(`${t.env.url}/api/auth/local/sign-in`, {
      body: { name: 'Ada', email: 'ada@example.com' },
    });
    const signedIn = await request(`${t.env.url}/`, { headers: { accept: 'text/html' }, cookie: cookiesOf(signIn) });
    expect(signedIn.text).toContain('<div id="root"></div>');
    expect(signedIn.text).not.toContain('visitor-form-token');
  });

  it('the form posted without scripts runs the trial, answers with a page and counts the run like the API', async () => {
    const { cookie, token } = await openPage(t.env);
    t.env.openai.respondWith({
      kind: 'text',
      text: "Here's an improved prompt:\n\nYou are a <b>chef</b>. Suggest dinners.",
    });
    const res = await postForm(
      t.env.url,
      { prompt: '  dinner ideas  ', formToken: token },
      { cookie, 'sec-fetch-site': 'same-origin', origin: 'null' },
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your perfected prompt');
    expect(res.text).toContain('You are a &lt;b&gt;chef&lt;/b&gt;. Suggest dinners.');
    expect(res.text).toContain('9 of 10 free trials left');
    expect(t.env.openai.requests).toHaveLength(1);
    expect(JSON.stringify(t.env.openai.requests[0]?.body)).toContain('dinner ideas');
    expect(await remainingOf(t.env, cookie)).toBe(9);
    // The page carries a fresh token for the next run.
    expect(tokenIn(res.text)).toMatch(/^[0-9a-z]+\.[\w-]{43}$/);
  });

  it('refuses, counting nothing and calling no model: no token, another visitor’s token, a cross-site post', async () => {
    const a = await openPage(t.env);
    const b = await openPage(t.env);
    const noToken = await postForm(t.env.url, { prompt: 'x' }, { cookie: a.cookie });
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain('This form has expired or did not come from this site.');
    expect((await postForm(t.env.url, { prompt: 'x', formToken: b.token }, { cookie: a.cookie })).status).toBe(403);
    expect(
      (
        await postForm(
          t.env.url,
          { prompt: 'x', formToken: a.token },
          { cookie: a.cookie, 'sec-fetch-site': 'cross-site' },
        )
      ).status,
    ).toBe(403);
    expect(t.env.openai.requests).toHaveLength(0);
    expect(await remainingOf(t.env, a.cookie)).toBe(10);
  });

  it('an empty prompt gets the spec message and counts nothing; a failed run is not counted', async () => {
    const { cookie, token } = await openPage(t.env);
    const empty = await postForm(t.env.url, { prompt: '   ', formToken: token }, { cookie });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(MSG.visitorEnterPrompt);
    t.env.openai.respondWith({ kind: 'status', status: 500, message: 'upstream broke' });
    const failed = await postForm(t.env.url, { prompt: 'plan a trip', formToken: token }, { cookie });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.text).toContain('Your prompt was not perfected');
    expect(await remainingOf(t.env, cookie)).toBe(10);
    // An empty answer is no answer: as in the API, it uses no free run.
    t.env.openai.respondWith({ kind: 'text', text: '' });
    const blank = await postForm(t.env.url, { prompt: 'plan a trip', formToken: token }, { cookie });
    expect(blank.text).toContain('Your prompt was not perfected');
    expect(await remainingOf(t.env, cookie)).toBe(10);
  });

  it('robots.txt and sitemap.xml name the public page with this server’s address', async () => {
    const robots = await request(`${t.env.url}/robots.txt`);
    expect(robots.text).toContain('User-agent: *');
    expect(robots.text).toContain('Disallow: /api/');
    expect(robots.text).toContain(`Sitemap: ${t.env.url}/sitemap.xml`);
    const sitemap = await request(`${t.env.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    expect(sitemap.text).toContain(`<loc>${t.env.url}/</loc>`);
  });
});

describe('a trial build from before prerendered releases (no prerender.json)', () => {
  const t = serveDist({ 'remoteEntry.js': '' });

  it('gets the page rendered in the browser, as before', async () => {
    const { page } = await openPage(t.env);
    expect(page.text).toContain('<div id="root"></div>');
    expect(page.text).not.toContain('data-prerendered');
  });
});

describe('form tokens', () => {
  it('are bound to the visitor and expire after a week', () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = createFormTokens('a-secret-of-at-least-thirty-two-chars!', () => now);
    const token = tokens.issue('visitor-a');
    expect(tokens.verify('visitor-a', token)).toBe(true);
    expect(tokens.verify('visitor-b', token)).toBe(false);
    expect(createFormTokens('another-secret-of-at-least-thirty-two!!', () => now).verify('visitor-a', token)).toBe(
      false,
    );
    expect(tokens.verify('visitor-a', `${token.slice(0, -1)}${token.endsWith('A') ? 'E' : 'A'}`)).toBe(false);
    now += 8 * 24 * 60 * 60 * 1000;
    expect(tokens.verify('visitor-a', token)).toBe(false);
  });
});
