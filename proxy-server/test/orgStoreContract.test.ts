/**
 * [teams] The OrgStore contract on SQLite and on a real PostgreSQL: slugs, membership by slug or id,
 * last-owner protection under concurrent changes from two instances, one-use invitations, removal
 * revoking the member's organization tokens, and what deleting an organization or an account leaves.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { postgresDatabase, sqliteDatabase } from '../src/db/connect';
import type { StorageDb } from '../src/db/dialect';
import { DB_FILE } from '../src/db/openSqlite';
import { createPgPool } from '../src/db/pgPool';
import { orgOwnerId } from '../src/auth/space';
import { openStorage, type Storage } from '../src/storage';
import { bothBackends } from './bothBackends';
import { CLEAN_ENV, tempDir } from './helpers';

const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };
const grace = { id: 'grace', name: 'Grace', email: 'Grace@Example.com' };
const linus = { id: 'linus', name: 'Linus', email: 'linus@example.com' };
const HOUR = 3_600_000;

const { backends } = bothBackends(() => ({ DATA_DIR: tempDir() }));

describe.each(backends)('organizations on %s', (_name, location) => {
  const opened: Storage[] = [];
  const raw: StorageDb[] = [];
  let config: Config;
  /** The database itself, for what no store method does yet (an organization token's org_id). */
  const rawDb = () => {
    const db = config.databaseUrl
      ? postgresDatabase(createPgPool(config.databaseUrl))
      : sqliteDatabase(new Database(path.join(config.dataDir, DB_FILE)));
    raw.push(db);
    return db;
  };
  async function twoInstances(): Promise<[Storage, Storage]> {
    config = loadConfig({ ...CLEAN_ENV, ...(await location()) });
    const open = async () => {
      const storage = await openStorage(config);
      opened.push(storage);
      return storage;
    };
    const first = await open();
    return [first, await open()];
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    for (const db of raw.splice(0)) await db.destroy();
  });

  /** Grace joins Ada's organization with `role` through an invitation. */
  async function join(
    s: Storage,
    orgId: string,
    person = grace,
    role: 'admin' | 'editor' | 'viewer' | 'owner' = 'editor',
  ) {
    const tokenHash = `hash-${person.id}-${Math.random()}`;
    await s.orgs.createInvite(orgId, { role, email: null, createdBy: 'ada', tokenHash, expiresAt: 10 * HOUR }, 0);
    expect(await s.orgs.acceptInvite(tokenHash, person, 1)).toMatchObject({ ok: true });
  }

  it('slugs are lowercase ASCII from the name and unique, even when made at once from two instances', async () => {
    const [one, two] = await twoInstances();
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).orgs.create(ada, 'Café Müller & Co', 1_000 + i)),
    );
    expect(made.map((o) => o.slug).sort()).toEqual([
      'cafe-muller-co',
      'cafe-muller-co-2',
      'cafe-muller-co-3',
      'cafe-muller-co-4',
      'cafe-muller-co-5',
      'cafe-muller-co-6',
    ]);
    expect(made.every((o) => /^org_[a-z2-7]{16}$/.test(o.id) && o.role === 'owner')).toBe(true);
    expect((await one.orgs.create(ada, '!!!', 2_000)).slug).toBe('org');
    expect(await two.orgs.listFor('ada')).toHaveLength(7);
    expect(await two.orgs.listFor('grace')).toEqual([]);
  });

  it('membership by slug or id; nothing for a non-member or an unknown organization', async () => {
    const [s] = await twoInstances();
    const org = await s.orgs.create(ada, 'Acme', 1_000);
    const expected = { org: { id: org.id, slug: 'acme', name: 'Acme' }, role: 'owner' };
    expect(await s.orgs.membership('ada', 'acme')).toEqual(expected);
    expect(await s.orgs.membership('ada', org.id)).toEqual(expected);
    expect(await s.orgs.membership('grace', 'acme')).toBeUndefined();
    expect(await s.orgs.membership('ada', 'nope')).toBeUndefined();
  });

  it('the last owner is never demoted or removed, even by two owners demoting each other at once', async () => {
    const [one, two] = await twoInstances();
    const org = await one.orgs.create(ada, 'Acme', 1_000);
    expect(await one.orgs.setRole(org.id, 'ada', 'admin')).toBe('last-owner');
    expect(await one.orgs.removeMember(org.id, 'ada', 2_000)).toBe('last-owner');
    await join(one, org.id, grace, 'owner');
    const results = await Promise.all([
      one.orgs.setRole(org.id, 'ada', 'viewer'),
      two.orgs.setRole(org.id, 'grace', 'viewer'),
    ]);
    expect(results.sort()).toEqual(['done', 'last-owner']);
    const owners = (await two.orgs.members(org.id)).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
    expect(await one.orgs.setRole(org.id, 'linus', 'viewer')).toBe('not-member');
  });

  it('an invitation is used once, even when accepted twice at once; expiry and the invited address hold', async () => {
    const [one, two] = await twoInstances();
    const org = await one.orgs.create(ada, 'Acme', 1_000);
    await one.orgs.createInvite(
      org.id,
      { role: 'viewer', email: null, createdBy: 'ada', tokenHash: 'h1', expiresAt: HOUR },
      0,
    );
    const lookup = await two.orgs.lookupInvite('h1', 10);
    expect(lookup).toEqual({
      ok: true,
      orgId: org.id,
      email: null,
      preview: {
        org: { name: 'Acme', slug: 'acme' },
        role: 'viewer',
        invitedBy: 'Ada',
        expiresAt: new Date(HOUR).toISOString(),
      },
    });
    const both = await Promise.all([one.orgs.acceptInvite('h1', grace, 10), two.orgs.acceptInvite('h1', linus, 10)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, reason: 'used' });
    expect(await one.orgs.lookupInvite('h1', 20)).toEqual({ ok: false, reason: 'used', orgId: org.id });

    await one.orgs.createInvite(
      org.id,
      { role: 'editor', email: null, createdBy: 'ada', tokenHash: 'h2', expiresAt: HOUR },
      0,
    );
    expect(await one.orgs.acceptInvite('h2', linus, HOUR)).toEqual({ ok: false, reason: 'expired' });
    expect(await one.orgs.lookupInvite('h2', HOUR)).toEqual({ ok: false, reason: 'expired', orgId: org.id });
    expect(await one.orgs.invites(org.id, HOUR - 1)).toHaveLength(1);
    expect(await one.orgs.invites(org.id, HOUR)).toHaveLength(0);

    await one.orgs.createInvite(
      org.id,
      { role: 'admin', email: 'grace@example.com', createdBy: 'ada', tokenHash: 'h3', expiresAt: HOUR },
      0,
    );
    expect(await one.orgs.acceptInvite('h3', linus, 5)).toEqual({
      ok: false,
      reason: 'wrong-account',
      email: 'grace@example.com',
    });
    expect(await one.orgs.acceptInvite('h3', ada, 5)).toEqual({
      ok: false,
      reason: 'wrong-account',
      email: 'grace@example.com',
    });
    expect(await one.orgs.acceptInvite('nope', linus, 5)).toEqual({ ok: false, reason: 'unknown' });
    // Linus's failed attempts changed nothing: he is a member (a viewer) only if he won the race for h1.
    const linusWonTheRace = both[1].ok;
    expect((await one.orgs.membership('linus', org.id))?.role).toBe(linusWonTheRace ? 'viewer' : undefined);
  });

  it('the invited address in any case joins with the chosen role; a member cannot join twice', async () => {
    const [s] = await twoInstances();
    const org = await s.orgs.create(ada, 'Acme', 1_000);
    await s.orgs.createInvite(
      org.id,
      { role: 'admin', email: 'grace@example.com', createdBy: 'ada', tokenHash: 'h', expiresAt: HOUR },
      0,
    );
    expect(await s.orgs.acceptInvite('h', grace, 5)).toEqual({ ok: true, org: { ...org, role: 'admin' } });
    expect(await s.orgs.listFor('grace')).toEqual([{ ...org, role: 'admin' }]);
    await s.orgs.createInvite(
      org.id,
      { role: 'viewer', email: null, createdBy: 'ada', tokenHash: 'h2', expiresAt: HOUR },
      0,
    );
    expect(await s.orgs.acceptInvite('h2', grace, 5)).toEqual({ ok: false, reason: 'already-member' });
    expect((await s.orgs.membership('grace', org.id))?.role).toBe('admin');
    expect(await s.orgs.invites(org.id, 6)).toHaveLength(1);
    expect(await s.orgs.revokeInvite(org.id, (await s.orgs.invites(org.id, 6))[0].id)).toBe(true);
    expect(await s.orgs.lookupInvite('h2', 7)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('removing a member revokes the organization tokens they made, and only those', async () => {
    const [s] = await twoInstances();
    const org = await s.orgs.create(ada, 'Acme', 1_000);
    const other = await s.orgs.create(grace, 'Other', 1_000);
    await join(s, org.id);
    await s.apiTokens.create(grace, 'personal', ['read'], 'pp_personal', 1_000);
    await s.apiTokens.create(grace, 'acme', ['read'], 'pp_acme', 1_000);
    await s.apiTokens.create(grace, 'other', ['read'], 'pp_other', 1_000);
    await s.apiTokens.create(ada, 'ada-acme', ['read'], 'pp_ada_acme', 1_000);
    const db = rawDb();
    for (const [name, orgId] of [
      ['acme', org.id],
      ['other', other.id],
      ['ada-acme', org.id],
    ])
      await db.updateTable('api_tokens').set({ org_id: orgId }).where('name', '=', name).execute();
    expect(await s.orgs.removeMember(org.id, 'grace', 5_000)).toBe('done');
    expect(await s.orgs.membership('grace', org.id)).toBeUndefined();
    const revoked = db
      .selectFrom('api_tokens')
      .select(['name', 'revoked_at', 'revoked_reason'])
      .where('revoked_at', 'is not', null);
    expect(await revoked.execute()).toEqual([
      { name: 'acme', revoked_at: 5_000, revoked_reason: 'Its maker was removed from the organization.' },
    ]);
    expect(await s.orgs.removeMember(org.id, 'grace', 6_000)).toBe('not-member');
  });

  it("deleting an organization deletes its space's data, not its members' own", async () => {
    const [s] = await twoInstances();
    const org = await s.orgs.create(ada, 'Acme', 1_000);
    await join(s, org.id);
    const author = { id: orgOwnerId(org.id), name: 'Ada', email: 'ada@example.com' };
    await s.prompts.saveVersion(author, 'welcome', { text: 'Hi.' }, 1_000);
    await s.prompts.saveVersion(ada, 'mine', { text: 'Mine.' }, 1_000);
    await s.orgs.remove(org.id);
    expect(await s.orgs.listFor('ada')).toEqual([]);
    expect(await s.orgs.membership('grace', org.id)).toBeUndefined();
    expect((await s.prompts.list(orgOwnerId(org.id))).length).toBe(0);
    expect((await s.prompts.list('ada')).length).toBe(1);
  });

  it('an account that is the only owner is listed; deleting an account removes its memberships', async () => {
    const [s] = await twoInstances();
    const acme = await s.orgs.create(ada, 'Acme', 1_000);
    const shared = await s.orgs.create(ada, 'Shared', 1_000);
    await join(s, acme.id);
    await join(s, shared.id, grace, 'owner');
    expect(await s.orgs.soleOwnerships('ada')).toEqual([{ id: acme.id, slug: 'acme', name: 'Acme' }]);
    expect(await s.orgs.soleOwnerships('grace')).toEqual([]);
    await s.userData.deleteAll('grace', 2_000);
    expect(await s.orgs.listFor('grace')).toEqual([]);
    expect((await s.orgs.members(acme.id)).map((m) => m.userId)).toEqual(['ada']);
  });

  it("Clerk's verified organization is adopted: the organization once, the person's role as the token says", async () => {
    const [s] = await twoInstances();
    const org = await s.orgs.adopt({ id: 'org_clerk1', slug: 'acme' }, ada, 'admin', 1_000);
    expect(org).toEqual({ id: 'org_clerk1', slug: 'acme', name: 'acme' });
    await s.orgs.adopt({ id: 'org_clerk1', slug: 'acme' }, ada, 'viewer', 2_000);
    await s.orgs.adopt({ id: 'org_clerk1', slug: 'acme' }, grace, 'editor', 2_000);
    expect(await s.orgs.listFor('ada')).toEqual([{ id: 'org_clerk1', slug: 'acme', name: 'acme', role: 'viewer' }]);
    expect((await s.orgs.members('org_clerk1')).map((m) => [m.userId, m.role])).toEqual([
      ['ada', 'viewer'],
      ['grace', 'editor'],
    ]);
  });
});
