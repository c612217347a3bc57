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
import { OPERATIONS } from '../src/openapi/document';
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

    const again = await accept(invite.token, linus);
    expect(again.status).toBe(409);
    expect(code(again)).toBe('invite_used');
    expect(again.body.error).toMatch(/already been used/);
    expect((await api(`/invites/${invite.token}`, linus)).status).toBe(409);
    // The member who used it, reopening it, is told so, with the organization to switch to.
    for (const reopened of [await api(`/invites/${invite.token}`, grace), await accept(invite.token, grace)]) {
      expect(reopened.status).toBe(409);
      expect(code(reopened)).toBe('already_member');
      expect(reopened.body).toEqual({
        error: 'You’re already a member of Invites.',
        org: { ...org, role: 'viewer' },
      });
    }
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

  /** The user id of the person with `email` among the organization's members. */
  async function memberId(slug: string, email: string): Promise<string> {
    const { items } = (await api(`/orgs/${slug}/members`, ada)).body;
    return items.find((m: { email: string }) => m.email === email).userId;
  }

  it('a role change or a removal holds from the very next request', async () => {
    const { org, invite } = await orgWithInvite('Next request', 'admin');
    await accept(invite.token, grace);
    const graceId = await memberId(org.slug, 'grace@example.com');
    expect((await api(`/orgs/${org.slug}/invites`, grace)).status).toBe(200);

    const demoted = await api(`/orgs/${org.slug}/members/${graceId}`, ada, { method: 'PUT', body: { role: 'viewer' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ userId: graceId, role: 'viewer', email: 'grace@example.com' });
    const refused = await api(`/orgs/${org.slug}/invites`, grace);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('role_forbids');
    expect(refused.body.error).toBe('Your role in Next request (viewer) may not manage members and invitations.');
    expect((await api(`/orgs/${org.slug}/members`, grace)).status).toBe(200);

    expect((await api(`/orgs/${org.slug}/members/${graceId}`, ada, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/orgs/${org.slug}/members`, grace)).status).toBe(404);
    expect((await api('/orgs', grace)).body.items).not.toContainEqual(expect.objectContaining({ id: org.id }));
    expect((await api(`/orgs/${org.slug}/members`, ada)).body.items.map((m: { name: string }) => m.name)).toEqual([
      'Ada',
    ]);
  });

  it('who may grant what: admins manage editors and viewers, only an owner touches owners; invalid roles are refused', async () => {
    const { org, invite } = await orgWithInvite('Grants', 'admin');
    await accept(invite.token, grace);
    const adaId = await memberId(org.slug, 'ada@example.com');
    const graceId = await memberId(org.slug, 'grace@example.com');
    const asGrace = (path: string, init: { method?: string; body?: unknown }) =>
      api(`/orgs/${org.slug}${path}`, grace, init);

    const ownerInvite = await asGrace('/invites', { body: { role: 'owner' } });
    expect(ownerInvite.status).toBe(403);
    expect(ownerInvite.body.error).toBe('Only an owner may invite an owner.');
    expect((await asGrace(`/members/${adaId}`, { method: 'PUT', body: { role: 'viewer' } })).status).toBe(403);
    expect((await asGrace(`/members/${graceId}`, { method: 'PUT', body: { role: 'owner' } })).status).toBe(403);
    expect((await asGrace(`/members/${adaId}`, { method: 'DELETE' })).status).toBe(403);
    const badRole = await asGrace('/invites', { body: { role: 'superuser' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toBe("Field 'role' must be 'owner', 'admin', 'editor' or 'viewer'.");
    const badEmail = await asGrace('/invites', { body: { role: 'viewer', email: 'not-an-address' } });
    expect(badEmail.body.error).toBe("Field 'email' must be a valid e-mail address.");
    expect((await asGrace('/members/nobody', { method: 'PUT', body: { role: 'viewer' } })).status).toBe(404);
    expect((await api(`/orgs/${org.slug}/members`, ada)).body.items.map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'admin',
    ]);

    // An admin's invitation and its revocation.
    const made = await asGrace('/invites', { body: { role: 'editor', email: 'linus@example.com' } });
    const listed = (await asGrace('/invites', {})).body.items;
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        role: 'editor',
        email: 'linus@example.com',
        createdBy: 'Grace',
        createdAt: expect.any(String),
        expiresAt: made.body.expiresAt,
      },
    ]);
    expect((await asGrace(`/invites/${listed[0].id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await asGrace(`/invites/${listed[0].id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await accept(made.body.token, linus)).status).toBe(404);
  });

  it('the last owner can never be demoted or removed; after naming another owner they may leave', async () => {
    const { org, invite } = await orgWithInvite('Owners', 'editor');
    await accept(invite.token, grace);
    const adaId = await memberId(org.slug, 'ada@example.com');
    const graceId = await memberId(org.slug, 'grace@example.com');
    for (const res of [
      await api(`/orgs/${org.slug}/members/${adaId}`, ada, { method: 'PUT', body: { role: 'admin' } }),
      await api(`/orgs/${org.slug}/members/${adaId}`, ada, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(409);
      expect(code(res)).toBe('last_owner');
      expect(res.body.error).toBe(
        'An organization needs an owner: make another member owner before this one steps down or leaves.',
      );
    }
    expect(
      (await api(`/orgs/${org.slug}/members/${graceId}`, ada, { method: 'PUT', body: { role: 'owner' } })).status,
    ).toBe(200);
    expect((await api(`/orgs/${org.slug}/members/${adaId}`, ada, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/orgs/${org.slug}/members`, ada)).status).toBe(404);
    const last = await api(`/orgs/${org.slug}/members/${graceId}`, grace, { method: 'PUT', body: { role: 'viewer' } });
    expect(code(last)).toBe('last_owner');
    // The one owner left may still delete the organization.
    expect((await api(`/orgs/${org.slug}`, grace, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/orgs/${org.slug}/members`, grace)).status).toBe(404);
  });

  it('only an owner deletes the organization', async () => {
    const { org, invite } = await orgWithInvite('Deletable', 'admin');
    await accept(invite.token, grace);
    const refused = await api(`/orgs/${org.slug}`, grace, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Your role in Deletable (admin) may not delete the organization.');
    expect((await api(`/orgs/${org.id}`, ada, { method: 'DELETE' })).status).toBe(204);
    expect((await api('/orgs', grace)).body.items).not.toContainEqual(expect.objectContaining({ id: org.id }));
  });

  it('a non-member gets exactly the 404 of a missing organization on every organization route, by slug or id', async () => {
    const { org, invite } = await orgWithInvite('Private', 'viewer');
    await accept(invite.token, grace);
    const graceId = await memberId(org.slug, 'grace@example.com');
    const inviteId = (await api(`/orgs/${org.slug}/invites`, ada)).body.items[0]?.id ?? 1;
    const routes: Array<[string, string, unknown?]> = [
      ['DELETE', ''],
      ['GET', '/members'],
      ['PUT', `/members/${graceId}`, { role: 'owner' }],
      ['DELETE', `/members/${graceId}`],
      ['POST', '/invites', { role: 'owner' }],
      ['GET', '/invites'],
      ['DELETE', `/invites/${inviteId}`],
      ['GET', '/no-such-route'],
    ];
    const answer = async (key: string, method: string, path: string, body?: unknown) => {
      const res = await api(`/orgs/${key}${path}`, linus, { method, body });
      return { status: res.status, code: code(res), body: JSON.stringify(res.body).replaceAll(key, '<org>') };
    };
    for (const [method, path, body] of routes) {
      const missing = await answer('no-such-org', method, path, body);
      expect(missing.status).toBe(404);
      for (const key of [org.slug, org.id])
        expect(await answer(key, method, path, body), `${method} ${path}`).toEqual(missing);
    }
    // Nothing changed: Grace is still a viewer, the organization is still there.
    expect((await api(`/orgs/${org.slug}/members`, ada)).body.items).toHaveLength(2);
  });

  it("Delete my data is refused (409, naming them) while the person is an organization's only owner; then removes the membership", async () => {
    const dora = await signInLocal(env.url, 'Dora', 'dora@example.com');
    const mine = (await api('/orgs', dora, { body: { name: 'Dora Labs' } })).body;
    const also = (await api('/orgs', dora, { body: { name: 'Dora Two' } })).body;
    const refused = await api('/me', dora, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(code(refused)).toBe('last_owner');
    expect(refused.body.error).toBe(
      "You are the only owner of 'Dora Labs' and 'Dora Two'. Make another member an owner, or delete the organization, then delete your data.",
    );
    expect((await api('/orgs', dora)).body.items).toHaveLength(2);
    // Ada joins one as owner, the other is deleted: now Dora may go, and her membership goes with her.
    const link = (await api(`/orgs/${mine.slug}/invites`, dora, { body: { role: 'owner' } })).body;
    await accept(link.token, ada);
    expect((await api(`/orgs/${also.slug}`, dora, { method: 'DELETE' })).status).toBe(204);
    expect((await api('/me', dora, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/orgs/${mine.slug}/members`, ada)).body.items.map((m: { name: string }) => m.name)).toEqual([
      'Ada',
    ]);
  });

  it('answers match the documented schemas, field for field', async () => {
    const schemaOf = (method: string, path: string) => {
      const ok = [OPERATIONS.find((o) => o.method === method && o.path === path)?.ok ?? []].flat()[0];
      if (!ok?.schema) throw new Error(`no documented answer for ${method} ${path}`);
      return ok.schema;
    };
    const matches = (method: string, path: string, body: unknown) =>
      expect(schemaOf(method, path).parse(body)).toEqual(body);
    const created = await api('/orgs', ada, { body: { name: 'Documented' } });
    matches('post', '/api/orgs', created.body);
    const slug = created.body.slug;
    const invite = await api(`/orgs/${slug}/invites`, ada, { body: { role: 'viewer', email: 'grace@example.com' } });
    matches('post', '/api/orgs/{org}/invites', invite.body);
    matches('get', '/api/orgs/{org}/invites', (await api(`/orgs/${slug}/invites`, ada)).body);
    matches('get', '/api/invites/{token}', (await api(`/invites/${invite.body.token}`, grace)).body);
    matches('post', '/api/invites/{token}/accept', (await accept(invite.body.token, grace)).body);
    matches('get', '/api/orgs', (await api('/orgs', ada)).body);
    matches('get', '/api/orgs/{org}/members', (await api(`/orgs/${slug}/members`, ada)).body);
    const graceId = await memberId(slug, 'grace@example.com');
    const changed = await api(`/orgs/${slug}/members/${graceId}`, ada, { method: 'PUT', body: { role: 'editor' } });
    matches('put', '/api/orgs/{org}/members/{userId}', changed.body);
  });

  it('an organization keeps at most 50 open invitations, and a person makes no 51st organization', async () => {
    const org = (await api('/orgs', linus, { body: { name: 'Many invites' } })).body;
    for (let i = 0; i < 50; i++)
      expect((await api(`/orgs/${org.slug}/invites`, linus, { body: { role: 'viewer' } })).status).toBe(201);
    const full = await api(`/orgs/${org.slug}/invites`, linus, { body: { role: 'viewer' } });
    expect(full.status).toBe(409);
    expect(code(full)).toBe('limit_reached');
    expect(full.body.error).toBe('Many invites has 50 open invitations, the most it keeps. Revoke one first.');
    const first = (await api(`/orgs/${org.slug}/invites`, linus)).body.items[0];
    await api(`/orgs/${org.slug}/invites/${first.id}`, linus, { method: 'DELETE' });
    expect((await api(`/orgs/${org.slug}/invites`, linus, { body: { role: 'viewer' } })).status).toBe(201);

    const eve = await signInLocal(env.url, 'Eve', 'eve@example.com');
    for (let i = 0; i < 50; i++) expect((await api('/orgs', eve, { body: { name: `Eve ${i}` } })).status).toBe(201);
    const tooMany = await api('/orgs', eve, { body: { name: 'One more' } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('You belong to 50 organizations, the most a person may. Leave one first.');
    expect((await api('/orgs', eve)).body.items).toHaveLength(50);
  });
});
