/** Token rows as the database stores them (db/schema.ts), and how they become the API's shapes. */
import { createHash } from 'node:crypto';
import { type ApiTokenInfo, TOKEN_SCOPES, type TokenScope } from '@prompt-perfect/core/api/tokens';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ApiTokenOwner } from './tokens';

type TokenRow = Selectable<Database['api_tokens']>;
/** `scopes` holds space-separated TokenScope values. */
type ApiTokenRow = Pick<TokenRow, 'id' | 'name' | 'scopes' | 'created_at' | 'last_used_at'>;
type ApiTokenOwnerRow = Pick<TokenRow, 'id' | 'user_id' | 'user_name' | 'user_email' | 'scopes'>;

/** Only sha256(token) is stored, like local sessions: a copy of the database holds no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The stored column back to scopes, in TOKEN_SCOPES order; unknown words are dropped. */
const scopesOf = (column: string): TokenScope[] => TOKEN_SCOPES.filter((s) => column.split(' ').includes(s));
export const scopesColumn = (scopes: readonly TokenScope[]) => TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');

export const toApiTokenOwner = (r: ApiTokenOwnerRow): ApiTokenOwner => ({
  user: { id: r.user_id, name: r.user_name, email: r.user_email },
  scopes: scopesOf(r.scopes),
});

export const toApiTokenInfo = (r: ApiTokenRow): ApiTokenInfo => ({
  id: r.id,
  name: r.name,
  scopes: scopesOf(r.scopes),
  createdAt: new Date(r.created_at).toISOString(),
  lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
});
