/**
 * [teams] Clerk mode: the verified session token's active organization (v2 `o` claim or v1 `org_*`
 * claims) decides the caller's role in that organization, mapped to ours; the organization and the
 * membership are written to the tables so everything else works alike. Test JWTs are signed with a
 * key pair made here and verified networkless (CLERK_JWT_KEY).
 */
import { ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleFromClerk } from '../src/auth/clerkOrgClaims';
import { makeKeyPair, publishableKeyFor, signSessionToken } from './clerkTokens';
import { request, startTestEnv, type TestEnv } from './helpers';

const ORG = 'org_2clerkACME';

describe('Clerk organizations', () => {
  const keys = makeKeyPair();
  let env: TestEnv;
  const token = (sub: string, claims: Record<string, unknown>) =>
    signSessionToken(keys.privateKey, { sub, name: sub, email: `${sub}@clerk.test`, ...claims });
  const call = (path: string, bearer: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, headers: { authorization: `Bearer ${bearer}` } });

  beforeAll(async () => {
    env = await startTestEnv({
      env: {
        AUTH_MODE: 'clerk',
        CLERK_PUBLISHABLE_KEY: publishableKeyFor('clerk.example.test'),
        CLERK_JWT_KEY: keys.publicPem,
        CLERK_SECRET_KEY: 'sk_test_clerk_SECRET',
      },
    });
  });
  afterAll(() => env.close());

  it("maps Clerk's roles to ours; an unknown custom role may only read", () => {
    expect(
      ['org:owner', 'org:creator', 'org:admin', 'admin', 'org:member', 'org:editor', 'org:viewer', 'org:billing'].map(
        roleFromClerk,
      ),
    ).toEqual(['owner', 'owner', 'admin', 'admin', 'editor', 'editor', 'viewer', 'viewer']);
  });

  it("a v2 token's active organization is trusted, by slug or id, and shows in the session", async () => {
    const ada = token('user_ada', { o: { id: ORG, rol: 'admin', slg: 'acme' } });
    const session = await call('/auth/session', ada);
    expect(session.body.user.org).toEqual({ id: ORG, role: 'admin', slug: 'acme' });
    const members = await call('/orgs/acme/members', ada);
    expect(members.status).toBe(200);
    expect(members.body.items).toEqual([expect.objectContaining({ userId: 'user_ada', role: 'admin' })]);
    expect((await call(`/orgs/${ORG}/invites`, ada)).status).toBe(200);
    expect((await call('/orgs', ada)).body.items).toEqual([{ id: ORG, slug: 'acme', name: 'acme', role: 'admin' }]);
  });

  it('a v1 token (org_id, org_role, org_slug) works the same; its role holds, and a change in Clerk holds at once', async () => {
    const grace = token('user_grace', { org_id: ORG, org_role: 'org:member', org_slug: 'acme' });
    expect((await call('/orgs/acme/members', grace)).status).toBe(200);
    const refused = await call('/orgs/acme/invites', grace, { body: { role: 'viewer' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get(ERROR_CODE_HEADER)).toBe('role_forbids');
    expect(refused.body.error).toMatch(/\(editor\) may not manage members/);

    const promoted = token('user_grace', { org_id: ORG, org_role: 'org:admin', org_slug: 'acme' });
    expect((await call('/orgs/acme/invites', promoted, { body: { role: 'viewer' } })).status).toBe(201);
    const members = (await call('/orgs/acme/members', promoted)).body.items;
    expect(members.find((m: { userId: string }) => m.userId === 'user_grace').role).toBe('admin');
  });

  it('a token without that organization active, or with another one, gets the 404 of a missing organization', async () => {
    const missing = await call('/orgs/no-such-org/members', token('user_linus', {}));
    for (const claims of [{}, { o: { id: 'org_2other', rol: 'admin', slg: 'other' } }]) {
      const res = await call('/orgs/acme/members', token('user_linus', claims));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(missing.body.error.replace('no-such-org', 'acme'));
    }
  });
});
