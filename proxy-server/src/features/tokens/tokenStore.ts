/** ApiTokenStore on the database, one implementation for SQLite and PostgreSQL. */
import type { StorageDb } from '../../db/dialect';
import { hashToken, scopesColumn, toApiTokenInfo, toApiTokenOwner } from './tokenRows';
import type { ApiTokenStore } from './tokens';

const INFO = ['id', 'name', 'scopes', 'created_at', 'last_used_at'] as const;

export function createApiTokenStore(db: StorageDb): ApiTokenStore {
  return {
    async list(userId) {
      const rows = await db
        .selectFrom('api_tokens')
        .select(INFO)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiTokenInfo);
    },
    async create(user, name, scopes, token, now) {
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
        })
        .returning(INFO)
        .executeTakeFirstOrThrow();
      return toApiTokenInfo(row);
    },
    async remove(userId, id) {
      const result = await db
        .deleteFrom('api_tokens')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async authenticate(token, now) {
      const row = await db
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('token_hash', '=', hashToken(token))
        .returning(['id', 'user_id', 'user_name', 'user_email', 'scopes'])
        .executeTakeFirst();
      return row ? toApiTokenOwner(row) : undefined;
    },
  };
}
