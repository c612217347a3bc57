/**
 * [teams] Organization tokens over HTTP on both backends: who may make them, the list admins see, the
 * organization's space wherever the token is used, its maker's role as the ceiling (read at every
 * request), revocation when the maker is removed (REST and an open MCP session), and the 404 on
 * another organization's URLs.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { REMOVED_FROM_ORG_DURING_RUN, TOKEN_REVOKED_DURING_RUN } from '@prompt-perfect/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothBackends } from './bothBackends';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { connectHttp } from './mcpClients';
import { bearer, makeTeam, orgToken, type Team } from './orgTeam';
import { simulatedSet } from './proveHelpers';

const { backends } = bothBackends();
const REVOKED =
  'This API token was revoked. Its maker was removed from the organization. Ask an admin of the organization for a new token.';

describe.each(backends)('organization tokens on %s', (_name, location) => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  let linus: string;
  let team: Team;
  const api = (path: string, init: { method?: string; body?: unknown; cookie?: string; token?: string } = {}) =>
    request(`${env.url}/api${path}`, { ...init, headers: init.token ? bearer(init.token) : undefined });
  const code = (res: { headers: Headers }) => res.headers.get(ERROR_CODE_HEADER);

  beforeAll(async () => {
    env = await startTestEnv({ env: { ...(await location()), RATE_LIMIT_PER_USER: '10000' } });
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    linus = await signInLocal(env.url, 'Linus', 'linus@example.com');
    team = await makeTeam(env.url, 'Acme', ada, {
      grace: { cookie: grace, role: 'admin' },
      linus: { cookie: linus, role: 'viewer' },
    });
  }, 60_000);
  afterAll(() => env.close());

  it('admins and owners make them signed in; the list shows every maker; personal lists stay personal', async () => {
    const slug = team.org.slug;
    const made = await api(`/orgs/${slug}/tokens`, { body: { name: 'support app', scopes: ['read'] }, cookie: grace });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^pp_/);
    expect(made.body.info).toMatchObject({
      name: 'support app',
      scopes: ['read'],
      maker: { id: team.members.grace.userId, name: 'Grace' },
      revokedAt: null,
      revokedReason: null,
    });
    const owners = await orgToken(env.url, slug, ada);

    const viewer = await api(`/orgs/${slug}/tokens`, { body: { name: 'mine' }, cookie: linus });
    expect(viewer.status).toBe(403);
    expect(code(viewer)).toBe('role_forbids');
    expect((await api(`/orgs/${slug}/tokens`, { cookie: linus })).status).toBe(403);
    // A token cannot mint tokens, not even an owner's organization token.
    const byToken = await api(`/orgs/${slug}/tokens`, { body: { name: 'x' }, token: owners });
    expect(byToken.status).toBe(401);

    const listed = (await api(`/orgs/${slug}/tokens`, { cookie: ada })).body.items;
    expect(listed.map((t: { maker: { name: string } }) => t.maker.name).sort()).toEqual(['Ada', 'Grace']);
    expect(JSON.stringify(listed)).not.toContain(made.body.token);
    expect((await api('/tokens', { cookie: grace })).body.items).toEqual([]);
    expect((await api(`/tokens/${made.body.info.id}`, { method: 'DELETE', cookie: grace })).status).toBe(404);

    expect((await api(`/orgs/${slug}/tokens/${made.body.info.id}`, { method: 'DELETE', cookie: linus })).status).toBe(
      403,
    );
    expect((await api(`/orgs/${slug}/tokens/${made.body.info.id}`, { method: 'DELETE', cookie: ada })).status).toBe(
      204,
    );
    const gone = await api('/test-sets', { token: made.body.token });
    expect(gone.status).toBe(401);
    expect(gone.body.error).toMatch(/not valid/);

    const audit = (await api(`/orgs/${slug}/audit`, { cookie: ada })).body.items;
    const tokenEvents = audit.filter((e: { action: string }) => e.action.startsWith('token.'));
    expect(
      tokenEvents.map((e: { action: string; actor: { name: string }; summary: string }) => [
        e.action,
        e.actor.name,
        e.summary,
      ]),
    ).toEqual([
      ['token.revoke', 'Ada', 'support app'],
      ['token.create', 'Ada', 'app (read, run)'],
      ['token.create', 'Grace', 'support app (read)'],
    ]);
  });

  it("works in the organization's space on plain URLs: its prompts, its test sets over MCP, its budget charged", async () => {
    const token = await orgToken(env.url, team.org.slug, grace);
    await api('/test-sets', { body: simulatedSet(3, 'Grace alone'), cookie: grace });
    await api('/prompts/mine/versions', { body: { text: 'Grace alone.' }, cookie: grace });
    const saved = await api('/prompts/support-reply/versions', { body: { text: 'Dear {{name}},' }, token });
    expect(saved.status).toBe(201);
    expect((await api(`/orgs/${team.org.slug}/prompts/support-reply`, { cookie: ada })).body.text).toBe(
      'Dear {{name}},',
    );
    const names = (await api('/prompts', { token })).body.items.map((p: { name: string }) => p.name);
    expect(names).toEqual(['support-reply']);
    await api(`/orgs/${team.org.slug}/test-sets`, { body: simulatedSet(3, 'Acme set'), cookie: ada });

    const client = await connectHttp(env.url, token);
    const listed: any = await client.callTool({ name: 'list_test_sets', arguments: {} });
    await client.close();
    expect(listed.structuredContent.items.map((s: { name: string }) => s.name)).toEqual(['Acme set']);

    env.openai.reset();
    expect((await api('/generate', { body: generateBody(), token })).status).toBe(200);
    const budget = (await api(`/orgs/${team.org.slug}/budget`, { cookie: grace })).body;
    expect(budget.org).toMatchObject({ orgId: team.org.id, name: 'Acme', budgetUsd: 50 });
    expect(budget.org.spentUsd).toBeGreaterThan(0);
    expect(budget.personal.spentUsd).toBe(budget.org.spentUsd);
    expect((await api('/me/budget', { cookie: grace })).body).toEqual(budget.personal);
    // Ada's own budget is hers: Grace's run for Acme counted against Acme and Grace only.
    expect((await api(`/orgs/${team.org.slug}/budget`, { cookie: ada })).body.personal.spentUsd).toBe(0);
  });

  it("answers another organization's URLs like an organization that does not exist", async () => {
    const token = await orgToken(env.url, team.org.slug, grace);
    const globex = (await api('/orgs', { body: { name: 'Globex' }, cookie: grace })).body;
    const other = await api(`/orgs/${globex.slug}/budget`, { token });
    const missing = await api('/orgs/no-such-org/budget', { token });
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(other.body.error).toBe(missing.body.error.replace('no-such-org', globex.slug));
    expect((await api(`/orgs/${team.org.slug}/budget`, { token })).status).toBe(200);
  });

  it("a personal token on the organization's URLs acts as its maker within their role", async () => {
    const personal = (await api('/tokens', { body: { name: 'mine' }, cookie: linus })).body.token;
    const slug = team.org.slug;
    await api(`/orgs/${slug}/prompts/handbook/versions`, { body: { text: 'Read me.' }, cookie: ada });
    const budget = await api(`/orgs/${slug}/budget`, { token: personal });
    expect(budget.status).toBe(200);
    expect(budget.body.org.name).toBe('Acme');
    const prompts = await api(`/orgs/${slug}/prompts`, { token: personal });
    expect(prompts.body.items.map((p: { name: string }) => p.name)).toContain('handbook');
    const save = await api(`/orgs/${slug}/prompts/support-reply/versions`, {
      body: { text: 'Mine.' },
      token: personal,
    });
    expect(save.status).toBe(403);
    expect(code(save)).toBe('role_forbids');
    // On plain URLs it is Linus's own space, where he may do everything.
    expect((await api('/prompts/notes/versions', { body: { text: 'Mine.' }, token: personal })).status).toBe(201);
    const mcp = await connectHttp(env.url, personal);
    const own: any = await mcp.callTool({ name: 'list_test_sets', arguments: {} });
    await mcp.close();
    expect(own.structuredContent.items).toEqual([]);
  });

  it("an MCP session opened for the organization is unknown to its maker's personal token", async () => {
    const forAcme = await connectHttp(env.url, await orgToken(env.url, team.org.slug, grace));
    const personal = (await api('/tokens', { body: { name: 'own' }, cookie: grace })).body.token;
    try {
      const res = await request(`${env.url}/mcp`, {
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        headers: {
          accept: 'application/json, text/event-stream',
          ...bearer(personal),
          'mcp-session-id': (forAcme.transport as any).sessionId as string,
        },
      });
      expect(res.status).toBe(404);
    } finally {
      await forAcme.close();
    }
  });

  it("the maker's role is the ceiling, read at every request: demoted to viewer, the token only reads", async () => {
    const hopper = await signInLocal(env.url, 'Hopper', 'hopper@example.com');
    const org = await makeTeam(env.url, 'Ceiling', ada, { hopper: { cookie: hopper, role: 'admin' } });
    const token = await orgToken(env.url, org.org.slug, hopper, ['read', 'run']);
    expect((await api('/generate', { body: generateBody(), token })).status).toBe(200);

    const demoted = await api(`/orgs/${org.org.slug}/members/${org.members.hopper.userId}`, {
      method: 'PUT',
      body: { role: 'viewer' },
      cookie: ada,
    });
    expect(demoted.status).toBe(200);
    const calls = env.openai.requests.length;
    for (const [path, body] of [
      ['/generate', generateBody()],
      ['/prompts/greeting/versions', { text: 'Hello.' }],
      ['/test-sets', simulatedSet(2)],
    ] as const) {
      const refused = await api(path, { body, token });
      expect(refused.status).toBe(403);
      expect(code(refused)).toBe('role_forbids');
      expect(refused.body.error).toBe(
        "This organization token acts within its maker's role in Ceiling (viewer), which may only read.",
      );
    }
    expect(env.openai.requests).toHaveLength(calls);
    expect((await api('/test-sets', { token })).status).toBe(200);
    // Over MCP too: the tools that run models are refused for lack of 'run'.
    const client = await connectHttp(env.url, token);
    const improve: any = await client.callTool({
      name: 'improve_prompt',
      arguments: { prompt: 'write a poem', provider: 'openai', model: 'gpt-4o' },
    });
    await client.close();
    expect(improve.isError).toBe(true);
    expect(env.openai.requests).toHaveLength(calls);
  });

  it('removing the maker revokes their tokens at once, the open MCP session too; admins see why', async () => {
    const turing = await signInLocal(env.url, 'Turing', 'turing@example.com');
    const org = await makeTeam(env.url, 'Leavers', ada, { turing: { cookie: turing, role: 'admin' } });
    const token = await orgToken(env.url, org.org.slug, turing);
    let client: Client | undefined = await connectHttp(env.url, token);
    expect((await client.callTool({ name: 'list_test_sets', arguments: {} })).isError).toBeFalsy();
    expect((await api('/test-sets', { token })).status).toBe(200);

    const removed = await api(`/orgs/${org.org.slug}/members/${org.members.turing.userId}`, {
      method: 'DELETE',
      cookie: ada,
    });
    expect(removed.status).toBe(204);

    const refused = await api('/test-sets', { token });
    expect(refused.status).toBe(401);
    expect(code(refused)).toBe('token_invalid');
    expect(refused.body.error).toBe(REVOKED);
    await expect(client.callTool({ name: 'list_test_sets', arguments: {} })).rejects.toThrow(/revoked/);
    await client.close().catch(() => undefined);
    client = undefined;

    const listed = (await api(`/orgs/${org.org.slug}/tokens`, { cookie: ada })).body.items;
    expect(listed).toEqual([
      expect.objectContaining({
        maker: { id: org.members.turing.userId, name: 'Turing' },
        revokedAt: expect.any(String),
        revokedReason: 'Its maker was removed from the organization.',
      }),
    ]);
    // Joining again does not bring the old token back.
    await makeTeamInvite(org.org.slug, turing);
    expect((await api('/test-sets', { token })).status).toBe(401);
  });

  it('removing a member stops their runs in flight there, by any token and by session; nothing is recorded', async () => {
    const hopper = await signInLocal(env.url, 'Hopper', 'hopper@example.com');
    const org = await makeTeam(env.url, 'Runners', ada, { hopper: { cookie: hopper, role: 'admin' } });
    const token = await orgToken(env.url, org.org.slug, hopper);
    const personal = (await api('/tokens', { body: { name: 'mine' }, cookie: hopper })).body.token;
    // Slow answers: all three runs are still waiting on the provider when Hopper is removed.
    const slow = { kind: 'slow', delayMs: 20_000 } as const;
    env.openai.respondWith(slow, slow, slow);
    const asked = env.openai.requests.length;
    const byToken = api('/generate', { body: generateBody(), token });
    const bySession = api(`/orgs/${org.org.slug}/generate`, { body: generateBody(), cookie: hopper });
    const byPersonalToken = api(`/orgs/${org.org.slug}/generate`, { body: generateBody(), token: personal });
    await expect.poll(() => env.openai.requests.length - asked).toBe(3);

    const removed = await api(`/orgs/${org.org.slug}/members/${org.members.hopper.userId}`, {
      method: 'DELETE',
      cookie: ada,
    });
    expect(removed.status).toBe(204);
    const [tokenRun, sessionRun, personalRun] = await Promise.all([byToken, bySession, byPersonalToken]);
    expect([tokenRun.status, code(tokenRun), tokenRun.body.error]).toEqual([
      401,
      'token_invalid',
      TOKEN_REVOKED_DURING_RUN,
    ]);
    for (const run of [sessionRun, personalRun])
      expect([run.status, code(run), run.body.error]).toEqual([403, 'forbidden', REMOVED_FROM_ORG_DURING_RUN]);
    expect((await api(`/orgs/${org.org.slug}/history`, { cookie: ada })).body.items).toEqual([]);
  });

  async function makeTeamInvite(slug: string, cookie: string) {
    const invite = await api(`/orgs/${slug}/invites`, { body: { role: 'admin' }, cookie: ada });
    expect((await api(`/invites/${invite.body.token}/accept`, { method: 'POST', cookie })).status).toBe(200);
  }
});
