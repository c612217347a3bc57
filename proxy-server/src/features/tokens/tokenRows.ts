/** Token rows as the database stores them (db/schema.ts), and how they become the API's shapes. */
import { createHash } from 'node:crypto';
import { ORG_ROLES, type OrgRole } from '@prompt-perfect/core/api/orgs';
import { type ApiTokenInfo, TOKEN_SCOPES, type TokenScope } from '@prompt-perfect/core/api/tokens';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ApiTokenOwner } from './tokens';

type TokenRow = Selectable<Database['api_tokens']>;
/** `scopes` holds space-separated TokenScope values. */
type ApiTokenRow = Pick<TokenRow, 'id' | 'name' | 'scopes' | 'created_at' | 'last_used_at'>;
type ApiTokenOwnerRow = Pick<TokenRow, 'user_id' | 'user_name' | 'user_email' | 'scopes'>;
type OrgTokenRow = ApiTokenRow & Pick<TokenRow, 'user_id' | 'user_name' | 'revoked_at' | 'revoked_reason'>;
/** An organization token's organization and its maker's membership, as the token's query joins them. */
interface OrgOfToken {
  org_id: string;
  org_slug: string;
  org_name: string;
  role: string;
}

/** Only sha256(token) is stored, like local sessions: a copy of the database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The stored column back to scopes, in TOKEN_SCOPES order; unknown words are dropped. */
const scopesOf = (column: string): TokenScope[] => TOKEN_SCOPES.filter((s) => column.split(' ').includes(s));
export const scopesColumn = (scopes: readonly TokenScope[]) => TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const isRole = (role: string): role is OrgRole => (ORG_ROLES as readonly string[]).includes(role);

/** A role the code does not know (a newer release's) acts as the least one. */
const roleOf = (role: string): OrgRole => (isRole(role) ? role : 'viewer');

export const toApiTokenOwner = (r: ApiTokenOwnerRow, org?: OrgOfToken): ApiTokenOwner => ({
  user: { id: r.user_id, name: r.user_name, email: r.user_email },
  scopes: scopesOf(r.scopes),
  ...(org ? { org: { id: org.org_id, slug: org.org_slug, name: org.org_name, role: roleOf(org.role) } } : {}),
});

export const toApiTokenInfo = (r: ApiTokenRow): ApiTokenInfo => ({
  id: r.id,
  name: r.name,
  scopes: scopesOf(r.scopes),
  createdAt: new Date(r.created_at).toISOString(),
  lastUsedAt: isoOrNull(r.last_used_at),
});

export const toOrgTokenInfo = (r: OrgTokenRow): ApiTokenInfo => ({
  ...toApiTokenInfo(r),
  maker: { id: r.user_id, name: r.user_name },
  revokedAt: isoOrNull(r.revoked_at),
  revokedReason: r.revoked_reason,
});
