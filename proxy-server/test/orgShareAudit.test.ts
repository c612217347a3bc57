/**
 * [teams] #43 items 5 and 6 in an organization, on SQLite and PostgreSQL: who may share, revoke and
 * read the audit log by role; a link or log of one space is never reached from another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { type Env, loadConfig } from '../src/config';
import { openStorage, type Storage } from '../src/storage';
import { bothBackends } from './bothBackends';
import { CLEAN_ENV, request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const { backends } = bothBackends();

describe.each(backends)('share links and the audit log of an organization, on %s', (_name, location) => {
  let env: TestEnv;
  let storage: Storage;
  const people: Record<'owner' | 'admin' | 'editor' | 'viewer' | 'outsider', string> = {
    owner: '',
    admin: '',
    editor: '',
    viewer: '',
    outsider: '',
  };
  let acme: { id: string; slug: string };
  let other: { id: string; slug: string };
  const api = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie });
  const inAcme = (path: string) => `/orgs/${acme.slug}${path}`;
  const share = (who: string, body: unknown = { version: 1 }) =>
    api(inAcme('/prompts/support-reply/share'), who, { body });

  beforeAll(async () => {
    const extra: Env = await location();
    env = await startTestEnv({ env: extra });
    // The organization's prompt is written through the store, as its prompt routes would.
    storage = await openStorage(loadConfig({ ...CLEAN_ENV, DATA_DIR: env.dataDir, ...extra }));
    for (const [role, name] of Object.entries({
      owner: 'Olive',
      admin: 'Adam',
      editor: 'Edna',
      viewer: 'Vera',
      outsider: 'Otto',
    }))
      people[role as keyof typeof people] = await signInLocal(env.url, name, `${name.toLowerCase()}@example.com`);
    acme = (await api('/orgs', people.owner, { body: { name: 'Acme' } })).body;
    other = (await api('/orgs', people.owner, { body: { name: 'Other' } })).body;
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const invite = await api(inAcme('/invites'), people.owner, { body: { role } });
      expect((await api(`/invites/${invite.body.token}/accept`, people[role], { method: 'POST' })).status).toBe(200);
    }
    const author = { id: `org:${acme.id}`, name: 'Olive', email: 'olive@example.com' };
    await storage.prompts.saveVersion(author, 'support-reply', { text: 'Reply to {{customer}}.' }, Date.now());
    await storage.prompts.moveLabel(author, 'support-reply', 'production', { version: 1 }, Date.now());
    await storage.prompts.saveVersion(
      { ...author, id: `org:${other.id}` },
      'support-reply',
      { text: 'Other' },
      Date.now(),
    );
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    await env?.close();
  });

  it('a viewer cannot share (403 role_forbids); an editor can, and the link opens signed out', async () => {
    const refused = await share(people.viewer);
    expect(refused.status).toBe(403);
    expect(refused.headers.get(ERROR_CODE_HEADER)).toBe('role_forbids');
    expect(refused.body.error).toBe('Your role in Acme (viewer) may not share prompt versions.');
    const made = await share(people.editor, { label: 'production' });
    expect(made.status).toBe(201);
    const opened = await request(`${env.url}/api/shared/${made.body.url.split('/s/')[1]}`);
    expect(opened.body).toMatchObject({ prompt: 'support-reply', label: 'production', sharedBy: 'Edna' });
    expect(opened.text).not.toContain(acme.id);
    // A viewer sees the links (reading is theirs), a non-member gets the 404 of no organization.
    expect((await api(inAcme('/share-links'), people.viewer)).body.items).toContainEqual(made.body.info);
    expect((await api(inAcme('/share-links'), people.outsider)).status).toBe(404);
    expect((await share(people.outsider)).status).toBe(404);
  });

  it("another member cannot revoke someone else's link; an admin can; each revocation is recorded", async () => {
    const made = await share(people.editor);
    const del = (who: string) => api(inAcme(`/share-links/${made.body.info.id}`), who, { method: 'DELETE' });
    const refused = await del(people.viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Your role in Acme (viewer) may not revoke other people’s share links.');
    const mine = await share(people.admin);
    expect((await api(inAcme(`/share-links/${mine.body.info.id}`), people.editor, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect((await del(people.admin)).status).toBe(204);
    const log = (await api(inAcme('/audit?limit=1'), people.admin)).body.items;
    expect(log[0]).toMatchObject({
      actor: { name: 'Adam' },
      action: 'share.revoke',
      prompt: 'support-reply',
      details: { linkId: made.body.info.id },
    });
    // Its maker may revoke their own.
    expect((await api(inAcme(`/share-links/${mine.body.info.id}`), people.admin, { method: 'DELETE' })).status).toBe(
      204,
    );
  });

  it('a link id of another space is a 404 on DELETE, and that link keeps working', async () => {
    const made = await share(people.editor);
    const id = made.body.info.id;
    for (const [path, who] of [
      [`/orgs/${other.slug}/share-links/${id}`, people.owner],
      [`/share-links/${id}`, people.owner],
      [`/share-links/${id}`, people.editor],
    ] as const) {
      const res = await api(path, who, { method: 'DELETE' });
      expect(res.status, path).toBe(404);
    }
    expect((await api(`/orgs/${other.slug}/share-links`, people.owner)).body.items).toEqual([]);
    expect((await request(`${env.url}/api/shared/${made.body.url.split('/s/')[1]}`)).status).toBe(200);
  });

  it('the audit log needs audit.read (admin or owner); it holds who did what, and only this space', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const res = await api(inAcme('/audit'), people[role]);
      expect(res.status, role).toBe(403);
      expect(res.headers.get(ERROR_CODE_HEADER)).toBe('role_forbids');
    }
    expect((await api(inAcme('/audit'), people.outsider)).status).toBe(404);
    await share(people.editor, { version: 1, expiresInDays: 3 });
    const { items } = (await api(inAcme('/audit?prompt=support-reply'), people.owner)).body;
    expect(items[0]).toMatchObject({ actor: { name: 'Edna' }, action: 'share.create', prompt: 'support-reply' });
    expect(items[0].summary).toMatch(/^shared support-reply v1, until \d{4}-\d{2}-\d{2}$/);
    // Membership changes are recorded by the organization's own routes into the same log.
    const members = (await api(inAcme('/audit'), people.owner)).body.items.filter(
      (e: { action: string }) => e.action === 'member.join',
    );
    expect(members.length).toBeGreaterThanOrEqual(3);
    expect(
      (await api(`/orgs/${other.slug}/audit`, people.owner)).body.items.some((e: { action: string }) =>
        e.action.startsWith('share.'),
      ),
    ).toBe(false);
    expect((await api('/audit', people.editor)).body.items).toEqual([]);
    const csv = await api(inAcme('/audit?format=csv'), people.admin);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-acme-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });
});
