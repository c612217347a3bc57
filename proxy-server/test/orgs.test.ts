/**
 * [teams] /api/orgs over HTTP on both backends: organizations, members, invitations (used twice,
 * expired, wrong account, the chosen role), role changes and removals that hold from the very next
 * request, last-owner protections, and the one 404 a non-member gets on every organization route.
 */
import { INVITE_TTL_MS } from '@prompt-perfect/core/api/orgs';
import { ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openStorage } from '../src/storage';
import { hashToken } from '../src/features/tokens/tokenRows';
import { bothBackends } from './bothBackends';
import { CLEAN_ENV, request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const { backends } = bothBackends();

describe.each(backends)('/api/orgs on %s', (_name, location) => {
  let env: TestEnv;
  let extraEnv: Record<string, string | undefined>;
  let ada: string;
  let grace: string;
  let linus: string;
  const api = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie });
  const code = (res: { headers: Headers }) => res.headers.get(ERROR_CODE_HEADER);

  /** A new organization of Ada's, and an invitation link into it with `role`. */
  async function orgWithInvite(name: string, role = 'editor', email?: string) {
    const org = (await api('/orgs', ada, { body: { name } })).body;
    const invite = await api(`/orgs/${org.slug}/invites`, ada, { body: { role, ...(email ? { email } : {}) } });
    expect(invite.status).toBe(201);
    return { org, invite: invite.body };
  }
  const accept = (token: string, cookie: string) => api(`/invites/${token}/accept`, cookie, { method: 'POST' });

  beforeAll(async () => {
    extraEnv = await location();
    env = await startTestEnv({ env: extraEnv });
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    linus = await signInLocal(env.url, 'Linus', 'linus@example.com');
  }, 60_000);
  afterAll(() => env.close());

  it('creates an organization with a unique slug; the maker is its owner; each lists only their own', async () => {
    const first = await api('/orgs', ada, { body: { name: '  Acme Corp ' } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^org_[a-z2-7]{16}$/),
      slug: 'acme-corp',
      name: 'Acme Corp',
      role: 'owner',
    });
    const second = await api('/orgs', grace, { body: { name: 'ACME corp' } });
    expect(second.body).toMatchObject({ slug: 'acme-corp-2', role: 'owner' });
    expect((await api('/orgs', ada)).body.items).toContainEqual(first.body);
    expect((await api('/orgs', ada)).body.items).not.toContainEqual(expect.objectContaining({ id: second.body.id }));
    expect((await api(`/orgs/${first.body.id}/members`, ada)).body.items).toEqual([
      {
        userId: expect.any(String),
        name: 'Ada',
        email: 'ada@example.com',
        role: 'owner',
        joinedAt: expect.any(String),
      },
    ]);
  });

  it('refuses a blank, too long or odd name with a clear message and creates nothing', async () => {
    const before = (await api('/orgs', linus)).body.items.length;
    for (const [body, message] of [
      [{ name: '   ' }, "Field 'name' must not be empty."],
      [{ name: 'x'.repeat(81) }, "Field 'name' is too long (at most 80 characters)."],
      [{ name: 'Acme', plan: 'pro' }, "Unknown field: 'plan'."],
      [{}, "Field 'name' is required."],
    ] as const) {
      const res = await api('/orgs', linus, { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await api('/orgs', linus)).body.items).toHaveLength(before);
    expect((await request(`${env.url}/api/orgs`, { body: { name: 'Acme' } })).status).toBe(401);
  });

  it('an invitation link adds the person with the role chosen; a second use is refused with 409', async () => {
    const { org, invite } = await orgWithInvite('Invites', 'viewer');
    expect(invite.url).toBe(`${env.url}/invite/${invite.token}`);
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(INVITE_TTL_MS - 60_000);
    const preview = await api(`/invites/${invite.token}`, grace);
    expect(preview.body).toEqual({
      org: { name: 'Invites', slug: org.slug },
      role: 'viewer',
      invitedBy: 'Ada',
      expiresAt: invite.expiresAt,
    });
    const joined = await accept(invite.token, grace);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ ...org, role: 'viewer' });
    expect((await api('/orgs', grace)).body.items).toContainEqual({ ...org, role: 'viewer' });

    for (const cookie of [linus, grace]) {
      const again = await accept(invite.token, cookie);
      expect(again.status).toBe(409);
      expect(code(again)).toBe('invite_used');
      expect(again.body.error).toMatch(/already been used/);
    }
    expect((await api(`/invites/${invite.token}`, linus)).status).toBe(409);
    expect((await api('/orgs', linus)).body.items).not.toContainEqual(expect.objectContaining({ id: org.id }));
    expect((await request(`${env.url}/api/invites/${invite.token}/accept`, { method: 'POST' })).status).toBe(401);
  });

  it('an expired invitation is refused with 410 and adds no one', async () => {
    const org = (await api('/orgs', ada, { body: { name: 'Expiring' } })).body;
    // An invitation made a week and a second ago, through the store on the same database.
    const storage = await openStorage(loadConfig({ ...CLEAN_ENV, DATA_DIR: env.dataDir, ...extraEnv }));
    const token = `inv_${'e'.repeat(43)}`;
    const made = Date.now() - INVITE_TTL_MS - 1_000;
    await storage.orgs.createInvite(
      org.id,
      {
        role: 'admin',
        email: null,
        createdBy: 'someone',
        tokenHash: hashToken(token),
        expiresAt: made + INVITE_TTL_MS,
      },
      made,
    );
    await storage.close();
    const res = await accept(token, grace);
    expect(res.status).toBe(410);
    expect(code(res)).toBe('invite_expired');
    expect(res.body.error).toBe('This invitation link has expired. Ask an admin of the organization for a new one.');
    expect((await api(`/invites/${token}`, grace)).status).toBe(410);
    expect((await api(`/orgs/${org.slug}/members`, grace)).status).toBe(404);
    expect((await api(`/orgs/${org.slug}/invites`, ada)).body.items).toEqual([]);
  });

  it('an invitation for an address is refused to another account (403, the address partly masked), taken by its own', async () => {
    const { org, invite } = await orgWithInvite('Addressed', 'admin', 'Grace@Example.com');
    const wrong = await accept(invite.token, linus);
    expect(wrong.status).toBe(403);
    expect(code(wrong)).toBe('wrong_account');
    expect(wrong.body.error).toBe(
      'This invitation is for G***@Example.com, and you are signed in as linus@example.com: sign in with the invited address to accept it.',
    );
    expect(wrong.body.error).not.toContain('Grace@');
    expect((await api(`/orgs/${org.slug}/members`, linus)).status).toBe(404);
    const right = await accept(invite.token, grace);
    expect(right.body).toEqual({ ...org, role: 'admin' });
  });

  it('an unknown or malformed invitation is a 404', async () => {
    for (const token of [`inv_${'x'.repeat(43)}`, 'nope', '%2e%2e']) {
      expect((await accept(token, grace)).status).toBe(404);
      expect((await api(`/invites/${token}`, grace)).status).toBe(404);
    }
  });
});
