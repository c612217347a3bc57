/**
 * OrgStore on the database, one implementation for SQLite and PostgreSQL. Changes to an
 * organization's members are transactions holding the organization's lock, so two owners demoting
 * each other at once cannot leave it without an owner, and an invitation is used exactly once.
 */
import type { OrgRole, OrgSummary } from '@prompt-perfect/core/api/orgs';
import { LOCK, lockKeys, type StorageDb, transaction } from '../../db/dialect';
import { orgOwnerId } from '../../auth/space';
import { USER_TABLES } from '../account/userDataStore';
import { FORMER_MEMBER, freeSlug, newOrgId, roleOf, slugBase, toInvite, toMember } from './orgRows';
import type { MemberChange, Org, OrgStore } from './orgStore';

/** Why an organization token stopped working, for its admins. */
const MAKER_REMOVED = 'Its maker was removed from the organization.';
/** Every new slug is chosen under this one key, so two organizations never get the same. */
const SLUGS = 'slugs';

const forOrg = <T>(db: StorageDb, key: string, work: (trx: StorageDb) => Promise<T>) =>
  transaction(db, async (trx) => {
    await lockKeys(trx, [[LOCK.org, key]]);
    return work(trx);
  });

async function uniqueSlug(trx: StorageDb, wanted: string): Promise<string> {
  const base = slugBase(wanted);
  const rows = await trx
    .selectFrom('orgs')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return freeSlug(base, new Set(rows.map((r) => r.slug)));
}

const roleRow = (trx: StorageDb, orgId: string, userId: string) =>
  trx
    .selectFrom('org_members')
    .select('role')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

async function ownerCount(trx: StorageDb, orgId: string): Promise<number> {
  const { n } = await trx
    .selectFrom('org_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether the change leaves the organization an owner: refuses to demote or remove its last one. */
async function checkChange(trx: StorageDb, orgId: string, userId: string, next: OrgRole | null) {
  const current = await roleRow(trx, orgId, userId);
  if (!current) return 'not-member' as const;
  if (current.role === 'owner' && next !== 'owner' && (await ownerCount(trx, orgId)) <= 1) return 'last-owner' as const;
  return 'ok' as const;
}

/** Invitations with the name of the member who made them (while they are one). */
const invitesWithCreator = (db: StorageDb) =>
  db
    .selectFrom('org_invites')
    .leftJoin('org_members as creator', (join) =>
      join.onRef('creator.org_id', '=', 'org_invites.org_id').onRef('creator.user_id', '=', 'org_invites.created_by'),
    )
    .select([
      'org_invites.id',
      'org_invites.org_id',
      'org_invites.role',
      'org_invites.email',
      'org_invites.created_at',
      'org_invites.expires_at',
      'org_invites.used_by',
      'creator.name as creator',
    ]);

export function createOrgStore(db: StorageDb): OrgStore {
  const summaries = (userId: string) =>
    db
      .selectFrom('org_members')
      .innerJoin('orgs', 'orgs.id', 'org_members.org_id')
      .select(['orgs.id', 'orgs.slug', 'orgs.name', 'org_members.role'])
      .where('org_members.user_id', '=', userId);

  return {
    create(maker, name, now) {
      return forOrg(db, SLUGS, async (trx) => {
        const org = { id: newOrgId(), slug: await uniqueSlug(trx, name), name };
        await trx
          .insertInto('orgs')
          .values({ ...org, created_by: maker.id, created_at: now })
          .execute();
        await trx
          .insertInto('org_members')
          .values({
            org_id: org.id,
            user_id: maker.id,
            name: maker.name,
            email: maker.email,
            role: 'owner',
            joined_at: now,
          })
          .execute();
        return { ...org, role: 'owner' as const };
      });
    },
    async listFor(userId) {
      const rows = await summaries(userId).orderBy('orgs.name').orderBy('orgs.id').execute();
      return rows.map((r): OrgSummary => ({ id: r.id, slug: r.slug, name: r.name, role: roleOf(r.role) }));
    },
    async membership(userId, slugOrId) {
      const row = await summaries(userId)
        .where((eb) => eb.or([eb('orgs.slug', '=', slugOrId), eb('orgs.id', '=', slugOrId)]))
        .executeTakeFirst();
      return row && { org: { id: row.id, slug: row.slug, name: row.name }, role: roleOf(row.role) };
    },
    async members(orgId) {
      const rows = await db
        .selectFrom('org_members')
        .select(['user_id', 'name', 'email', 'role', 'joined_at'])
        .where('org_id', '=', orgId)
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
      return rows.map(toMember);
    },
    setRole(orgId, userId, role) {
      return forOrg(db, orgId, async (trx): Promise<MemberChange> => {
        const check = await checkChange(trx, orgId, userId, role);
        if (check !== 'ok') return check;
        await trx
          .updateTable('org_members')
          .set({ role })
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId)
          .execute();
        return 'done';
      });
    },
    removeMember(orgId, userId, now) {
      return forOrg(db, orgId, async (trx): Promise<MemberChange> => {
        const check = await checkChange(trx, orgId, userId, null);
        if (check !== 'ok') return check;
        await trx.deleteFrom('org_members').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
        await trx
          .updateTable('api_tokens')
          .set({ revoked_at: now, revoked_reason: MAKER_REMOVED })
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return 'done';
      });
    },
    async remove(orgId) {
      await forOrg(db, orgId, async (trx) => {
        // The organization's space goes with it. SQLite here does not enforce foreign keys: children first.
        const owner = orgOwnerId(orgId);
        const prompts = trx.selectFrom('prompts').select('id').where('user_id', '=', owner);
        for (const table of ['prompt_label_moves', 'prompt_labels', 'prompt_versions'] as const)
          await trx.deleteFrom(table).where('prompt_id', 'in', prompts).execute();
        for (const table of USER_TABLES) await trx.deleteFrom(table).where('user_id', '=', owner).execute();
        for (const table of ['audit_log', 'share_links'] as const)
          await trx.deleteFrom(table).where('owner_id', '=', owner).execute();
        await trx.deleteFrom('api_tokens').where('org_id', '=', orgId).execute();
        await trx.deleteFrom('org_invites').where('org_id', '=', orgId).execute();
        await trx.deleteFrom('org_members').where('org_id', '=', orgId).execute();
        await trx.deleteFrom('orgs').where('id', '=', orgId).execute();
      });
    },
    async createInvite(orgId, invite, now) {
      const { id } = await db
        .insertInto('org_invites')
        .values({
          org_id: orgId,
          token_hash: invite.tokenHash,
          role: invite.role,
          email: invite.email,
          created_by: invite.createdBy,
          created_at: now,
          expires_at: invite.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInvite(await invitesWithCreator(db).where('org_invites.id', '=', id).executeTakeFirstOrThrow());
    },
    async invites(orgId, now) {
      const rows = await invitesWithCreator(db)
        .where('org_invites.org_id', '=', orgId)
        .where('org_invites.used_by', 'is', null)
        .where('org_invites.expires_at', '>', now)
        .orderBy('org_invites.id', 'desc')
        .execute();
      return rows.map(toInvite);
    },
    async revokeInvite(orgId, id) {
      const result = await db
        .deleteFrom('org_invites')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('used_by', 'is', null)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async lookupInvite(tokenHash, now) {
      const row = await invitesWithCreator(db)
        .innerJoin('orgs', 'orgs.id', 'org_invites.org_id')
        .select(['orgs.name as org_name', 'orgs.slug as org_slug'])
        .where('org_invites.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.used_by !== null) return { ok: false, reason: 'used', orgId: row.org_id };
      if (row.expires_at <= now) return { ok: false, reason: 'expired', orgId: row.org_id };
      const invite = toInvite(row);
      return {
        ok: true,
        orgId: row.org_id,
        email: row.email,
        preview: {
          org: { name: row.org_name, slug: row.org_slug },
          role: invite.role,
          invitedBy: row.creator ?? FORMER_MEMBER,
          expiresAt: invite.expiresAt,
        },
      };
    },
    async acceptInvite(tokenHash, person, now) {
      const found = await db
        .selectFrom('org_invites')
        .select('org_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!found) return { ok: false, reason: 'unknown' };
      return forOrg(db, found.org_id, async (trx) => {
        const invite = await trx
          .selectFrom('org_invites')
          .innerJoin('orgs', 'orgs.id', 'org_invites.org_id')
          .select(['org_invites.id', 'org_invites.role', 'org_invites.email', 'org_invites.expires_at'])
          .select(['org_invites.used_by', 'orgs.id as org_id', 'orgs.slug', 'orgs.name'])
          .where('org_invites.token_hash', '=', tokenHash)
          .executeTakeFirst();
        if (!invite) return { ok: false, reason: 'unknown' };
        if (invite.used_by !== null) return { ok: false, reason: 'used' };
        if (invite.expires_at <= now) return { ok: false, reason: 'expired' };
        if (invite.email !== null && invite.email.toLowerCase() !== person.email.trim().toLowerCase())
          return { ok: false, reason: 'wrong-account', email: invite.email };
        if (await roleRow(trx, invite.org_id, person.id)) return { ok: false, reason: 'already-member' };
        await trx
          .updateTable('org_invites')
          .set({ used_by: person.id, used_at: now })
          .where('id', '=', invite.id)
          .execute();
        const role = roleOf(invite.role);
        await trx
          .insertInto('org_members')
          .values({
            org_id: invite.org_id,
            user_id: person.id,
            name: person.name,
            email: person.email,
            role,
            joined_at: now,
          })
          .execute();
        return { ok: true, org: { id: invite.org_id, slug: invite.slug, name: invite.name, role } };
      });
    },
    async soleOwnerships(userId) {
      const rows = await db
        .selectFrom('org_members as m')
        .innerJoin('orgs', 'orgs.id', 'm.org_id')
        .select(['orgs.id', 'orgs.slug', 'orgs.name'])
        .where('m.user_id', '=', userId)
        .where('m.role', '=', 'owner')
        .where((eb) =>
          eb(
            eb
              .selectFrom('org_members as o')
              .select((o) => o.fn.countAll<number>().as('n'))
              .whereRef('o.org_id', '=', 'm.org_id')
              .where('o.role', '=', 'owner'),
            '=',
            1,
          ),
        )
        .orderBy('orgs.name')
        .execute();
      return rows.map((r): Org => ({ id: r.id, slug: r.slug, name: r.name }));
    },
    adopt(org, person, role, now) {
      return forOrg(db, SLUGS, async (trx) => {
        let stored = await trx
          .selectFrom('orgs')
          .select(['id', 'slug', 'name'])
          .where('id', '=', org.id)
          .executeTakeFirst();
        if (!stored) {
          stored = {
            id: org.id,
            slug: await uniqueSlug(trx, org.slug ?? org.name ?? org.id),
            name: org.name ?? org.slug ?? org.id,
          };
          await trx
            .insertInto('orgs')
            .values({ ...stored, created_by: person.id, created_at: now })
            .execute();
        }
        await trx
          .insertInto('org_members')
          .values({ org_id: org.id, user_id: person.id, name: person.name, email: person.email, role, joined_at: now })
          .onConflict((oc) =>
            oc.columns(['org_id', 'user_id']).doUpdateSet((eb) => ({
              role: eb.ref('excluded.role'),
              name: eb.ref('excluded.name'),
              email: eb.ref('excluded.email'),
            })),
          )
          .execute();
        return stored;
      });
    },
  };
}
