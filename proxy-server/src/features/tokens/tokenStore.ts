/** ApiTokenStore on the database, one implementation for SQLite and PostgreSQL. */
import type { StorageDb } from '../../db/dialect';
import { hashToken, scopesColumn, toApiTokenInfo, toApiTokenOwner, toOrgTokenInfo } from './tokenRows';
import type { ApiTokenStore } from './tokens';

const INFO = ['id', 'name', 'scopes', 'created_at', 'last_used_at'] as const;
const ORG_INFO = [...INFO, 'user_id', 'user_name', 'revoked_at', 'revoked_reason'] as const;
/** Said when an organization token's maker is no longer a member and nothing recorded it yet. */
const MAKER_LEFT = 'Its maker left the organization.';

export function createApiTokenStore(db: StorageDb): ApiTokenStore {
  /** The token with its organization and its maker's membership there (both null for a personal token). */
  const lookUp = (token: string) =>
    db
      .selectFrom('api_tokens as t')
      .leftJoin('orgs as o', 'o.id', 't.org_id')
      .leftJoin('org_members as m', (join) =>
        join.onRef('m.org_id', '=', 't.org_id').onRef('m.user_id', '=', 't.user_id'),
      )
      .select([
        't.id',
        't.user_id',
        't.user_name',
        't.user_email',
        't.scopes',
        't.org_id',
        't.revoked_at',
        't.revoked_reason',
        'o.slug as org_slug',
        'o.name as org_name',
        'm.role',
      ])
      .where('t.token_hash', '=', hashToken(token))
      .executeTakeFirst();

  return {
    async list(userId) {
      const rows = await db
        .selectFrom('api_tokens')
        .select(INFO)
        .where('user_id', '=', userId)
        .where('org_id', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiTokenInfo);
    },
    async create(user, name, scopes, token, now, orgId) {
      const row = await db
        .insertInto('api_tokens')
        .values({
          user_id: user.id,
          user_name: user.name,
          user_email: user.email,
          name,
          scopes: scopesColumn(scopes),
          token_hash: hashToken(token),
          created_at: now,
          org_id: orgId ?? null,
        })
        .returning(ORG_INFO)
        .executeTakeFirstOrThrow();
      return orgId ? toOrgTokenInfo(row) : toApiTokenInfo(row);
    },
    async remove(userId, id) {
      const result = await db
        .deleteFrom('api_tokens')
        .where('user_id', '=', userId)
        .where('org_id', 'is', null)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async authenticate(token, now) {
      const row = await lookUp(token);
      if (!row || row.revoked_at !== null) return undefined;
      const { org_id, org_slug, org_name, role } = row;
      const org = org_id !== null && org_slug !== null && org_name !== null && role !== null;
      if (org_id !== null && !org) return undefined;
      await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
      return org ? toApiTokenOwner(row, { org_id, org_slug, org_name, role }) : toApiTokenOwner(row);
    },
    async refusalOf(token) {
      const row = await lookUp(token);
      if (!row) return undefined;
      if (row.revoked_at !== null) return row.revoked_reason ?? MAKER_LEFT;
      if (row.org_id !== null && row.org_slug !== null && row.role === null) return MAKER_LEFT;
      return undefined;
    },
    async listOrg(orgId) {
      const rows = await db
        .selectFrom('api_tokens')
        .select(ORG_INFO)
        .where('org_id', '=', orgId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toOrgTokenInfo);
    },
    async countOrg(orgId) {
      const row = await db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('org_id', '=', orgId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async removeOrg(orgId, id) {
      const row = await db
        .deleteFrom('api_tokens')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .returning(['user_id', 'name'])
        .executeTakeFirst();
      return row && { makerId: row.user_id, name: row.name };
    },
  };
}
