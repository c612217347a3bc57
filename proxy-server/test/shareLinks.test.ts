/**
 * [teams] #43 item 6 over HTTP: a read-only link to one version or to a label (following it), that
 * opens without signing in, is never indexed or cached, and stops working when revoked or expired.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { request, signInLocal, startTestEnv, tempDir, type TestEnv } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('share links', () => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  const api = (path: string, cookie?: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie });
  const tokenOf = (url: string) => url.split('/s/')[1];

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    const save = (text: string, extra = {}) =>
      api('/prompts/support-reply/versions', ada, { body: { text, ...extra } });
    expect((await save('Reply to {{customer}}.', { model: 'gpt-4o', options: { tone: 'Warm' } })).status).toBe(201);
    expect((await save('Reply kindly to {{customer}} about {{topic}}.')).status).toBe(201);
    expect(
      (await api('/prompts/support-reply/labels/production', ada, { method: 'PUT', body: { version: 1 } })).status,
    ).toBe(200);
  });
  afterAll(() => env.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares a version: 201 with an absolute /s/ address, opened signed out with only that version', async () => {
    const made = await api('/prompts/support-reply/share', ada, { body: { version: 1 } });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`^${env.url}/s/[A-Za-z0-9_-]{43}$`));
    expect(made.body.info).toMatchObject({
      prompt: 'support-reply',
      version: 1,
      label: null,
      expiresAt: null,
      revokedAt: null,
    });

    const shared = await api(`/shared/${tokenOf(made.body.url)}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(shared.headers.get('cache-control')).toBe('no-store');
    expect(shared.body).toEqual({
      prompt: 'support-reply',
      version: expect.objectContaining({
        version: 1,
        text: 'Reply to {{customer}}.',
        variables: ['customer'],
        model: 'gpt-4o',
        options: { tone: 'Warm' },
      }),
      label: null,
      sharedBy: 'Ada',
      expiresAt: null,
    });
    // Nothing of the owner but their name: no user id, no other version, no labels.
    expect(shared.text).not.toMatch(/local_|Reply kindly|production/);
  });

  it('a label link shows the version the label points at now', async () => {
    const made = await api('/prompts/support-reply/share', ada, { body: { label: 'production' } });
    expect(made.status).toBe(201);
    const open = () => api(`/shared/${tokenOf(made.body.url)}`);
    expect((await open()).body).toMatchObject({ label: 'production', version: { version: 1 } });
    await api('/prompts/support-reply/labels/production', ada, { method: 'PUT', body: { version: 2 } });
    expect((await open()).body).toMatchObject({
      label: 'production',
      version: { version: 2, variables: ['customer', 'topic'] },
    });
  });

  it('revoked: 410 with a clear message; unknown: 404; the link list shows it revoked', async () => {
    const made = await api('/prompts/support-reply/share', ada, { body: { version: 2 } });
    expect((await api(`/share-links/${made.body.info.id}`, ada, { method: 'DELETE' })).status).toBe(204);
    const shared = await api(`/shared/${tokenOf(made.body.url)}`);
    expect(shared.status).toBe(410);
    expect(shared.body.error).toBe('This share link was revoked: ask the person who shared it for a new one.');
    expect(shared.headers.get('error-code')).toBe('share_link_gone');
    expect(shared.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const unknown = await api(`/shared/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('This share link does not exist. Check that it was copied whole.');
    expect((await api('/shared/short')).status).toBe(404);
    const listed = await api('/share-links?prompt=support-reply', ada);
    expect(listed.body.items.find((l: { id: number }) => l.id === made.body.info.id).revokedAt).not.toBeNull();
  });

  it('expires after expiresInDays: 410', async () => {
    const made = await api('/prompts/support-reply/share', ada, { body: { version: 1, expiresInDays: 1 } });
    const expiresAt = Date.parse(made.body.info.expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect((await api(`/shared/${tokenOf(made.body.url)}`)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt + 1_000);
    const shared = await api(`/shared/${tokenOf(made.body.url)}`);
    expect(shared.status).toBe(410);
    expect(shared.body.error).toBe('This share link has expired: ask the person who shared it for a new one.');
  });

  it('refuses bad input and what is not in the space, changing nothing', async () => {
    const before = (await api('/share-links', ada)).body.items.length;
    const refusals: Array<[string, unknown, number, string]> = [
      ['support-reply', {}, 400, 'Share a version or a label: give exactly one of "version" and "label".'],
      ['support-reply', { version: 1, label: 'production' }, 400, 'Share a version or a label'],
      ['support-reply', { version: 1, expiresInDays: 0 }, 400, "Field 'expiresInDays' must be at least 1."],
      ['support-reply', { version: 1, expiresInDays: 366 }, 400, "Field 'expiresInDays' must be at most 365."],
      ['support-reply', { version: 9 }, 404, "The prompt 'support-reply' has no version 9."],
      ['support-reply', { label: 'staging' }, 404, "The prompt 'support-reply' has no label 'staging'."],
      ['nothing-here', { version: 1 }, 404, "No prompt named 'nothing-here'."],
    ];
    for (const [name, body, status, error] of refusals) {
      const res = await api(`/prompts/${name}/share`, ada, { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toContain(error);
    }
    // Another account's prompt is a prompt that does not exist.
    expect((await api('/prompts/support-reply/share', grace, { body: { version: 1 } })).status).toBe(404);
    expect((await api('/share-links', ada)).body.items).toHaveLength(before);
  });

  it("needs a session to share or list; another account's link id is a 404 and stays working", async () => {
    expect((await api('/prompts/support-reply/share', undefined, { body: { version: 1 } })).status).toBe(401);
    expect((await api('/share-links')).status).toBe(401);
    const made = await api('/prompts/support-reply/share', ada, { body: { version: 1 } });
    expect((await api('/share-links', grace)).body.items).toEqual([]);
    const del = await api(`/share-links/${made.body.info.id}`, grace, { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect(del.body.error).toBe('No share link with that id here (it may belong to another space).');
    expect((await api(`/shared/${tokenOf(made.body.url)}`)).status).toBe(200);
  });
});

describe('the /s/ page', () => {
  let env: TestEnv;
  beforeAll(async () => {
    const shell = tempDir('pp-shell-');
    writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Prompt Perfect</title>');
    env = await startTestEnv({ env: { SHELL_DIST_DIR: shell } });
  });
  afterAll(() => env.close());

  it('is the web app, marked noindex (and the home page is not)', async () => {
    const page = await request(`${env.url}/s/${'x'.repeat(43)}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Prompt Perfect</title>');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const home = await request(`${env.url}/`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('x-robots-tag')).toBeNull();
  });
});
