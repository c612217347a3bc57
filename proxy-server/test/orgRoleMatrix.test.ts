/**
 * [teams] The role matrix over HTTP on both storage backends: every role of an organization tries
 * every row of orgRoleMatrix.ts under /api/orgs/:org/..., and gets the row's answer or 403
 * role_forbids. Members join through the real invitation API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgRole } from '@prompt-perfect/core/api/orgs';
import { bothBackends } from './bothBackends';
import { request, startTestEnv, type TestEnv } from './helpers';
import { createOrg, join, type Member, person } from './orgHelpers';
import { type MatrixContext, PROMPT, ROLE_MATRIX, ROLES } from './orgRoleMatrix';
import { simulatedSet } from './proveHelpers';

const { backends } = bothBackends();

describe.each(backends)('the role matrix on %s', (_name, location) => {
  let env: TestEnv;
  let base: string;
  let testSetId: number;
  const members = {} as Record<OrgRole, Member>;
  let n = 0;

  const as = (role: OrgRole): MatrixContext => ({
    url: env.url,
    base,
    cookie: members[role].cookie,
    testSetId,
    unique: (prefix) => `${prefix}-${role}-${++n}`,
  });
  const owner = (path: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}${base}${path}`, { ...init, cookie: members.owner.cookie });

  beforeAll(async () => {
    env = await startTestEnv({ env: { ...(await location()), WEBHOOK_ALLOW_PRIVATE: 'true' } });
    env.openai.simulateAnswers(true);
    members.owner = await person(env.url, 'Olive');
    const org = await createOrg(env.url, members.owner, 'Acme Support');
    base = `/api/orgs/${org.slug}`;
    for (const [role, name] of [
      ['admin', 'Adam'],
      ['editor', 'Edith'],
      ['viewer', 'Victor'],
    ] as const) {
      members[role] = await person(env.url, name);
      await join(env.url, org, members.owner, members[role], role);
    }
    for (const text of ['Hello {{name}}.', 'Hi {{name}}!'])
      expect((await owner(`/prompts/${PROMPT}/versions`, { body: { text } })).status).toBe(201);
    await owner(`/prompts/${PROMPT}/labels/staging`, { method: 'PUT', body: { version: 1 } });
    await owner(`/prompts/${PROMPT}/labels/production`, { method: 'PUT', body: { version: 1, protected: true } });
    testSetId = (await owner('/test-sets', { body: simulatedSet(2) })).body.id;
  }, 120_000);
  afterAll(() => env?.close());

  const cells = ROLE_MATRIX.flatMap((row) => ROLES.map((role) => ({ ...row, role })));
  it.each(cells)('$role: $action', async ({ role, run, ok, allowed }) => {
    const res = await run(as(role));
    if (allowed.includes(role)) {
      expect(res.status, res.text).toBe(ok);
      return;
    }
    expect(res.status, res.text).toBe(403);
    expect(res.headers.get('error-code')).toBe('role_forbids');
    expect(res.body.error).toContain(`(${role})`);
  });

  it('a denied call changes nothing: the viewer moved, saved and protected nothing', async () => {
    const labels = (await owner(`/prompts/${PROMPT}/labels`)).body;
    expect(labels.moves.map((m: { movedBy: string }) => m.movedBy)).not.toContain('Victor');
    const names = (await owner('/prompts')).body.items.map((p: { name: string }) => p.name);
    expect(names.filter((name: string) => name.includes('viewer'))).toEqual([]);
    const sets = (await owner('/test-sets')).body.items.map((s: { name: string }) => s.name);
    expect(sets.filter((name: string) => name.includes('viewer'))).toEqual([]);
    expect((await owner('/prompts/_webhook')).body.webhook).toMatchObject({ url: 'http://127.0.0.1:9/hook' });
  });

  it('an editor confirming a protected label still gets 403, and the label stays', async () => {
    const before = (await owner(`/prompts/${PROMPT}?label=production`)).body.version;
    const res = await request(`${env.url}${base}/prompts/${PROMPT}/labels/production`, {
      method: 'PUT',
      body: { version: before === 1 ? 2 : 1, confirm: true },
      cookie: members.editor.cookie,
    });
    expect(res.status).toBe(403);
    expect((await owner(`/prompts/${PROMPT}?label=production`)).body.version).toBe(before);
  });

  it('versions and moves name the person who made them, not the organization', async () => {
    const labels = (await owner(`/prompts/${PROMPT}/labels`)).body;
    const movers = new Set(labels.moves.map((m: { movedBy: string }) => m.movedBy));
    expect(movers).toEqual(new Set(['Olive', 'Adam', 'Edith']));
    const versions = (await owner(`/prompts/${PROMPT}/versions`)).body.items;
    expect(versions.map((v: { createdBy: string }) => v.createdBy)).toEqual(['Olive', 'Olive']);
  });
});
