/** ApiTokenStore on PostgreSQL: the SQLite store's queries in PostgreSQL's dialect. */
import {
  type ApiTokenOwnerRow,
  type ApiTokenRow,
  hashToken,
  scopesColumn,
  toApiTokenInfo,
  toApiTokenOwner,
} from '../testSetRows';
import type { ApiTokenStore } from '../testSets';
import type { Pool } from './pgPool';

export function createPgApiTokens(pool: Pool): ApiTokenStore {
  return {
    async list(userId) {
      const { rows } = await pool.query<ApiTokenRow>(
        'SELECT id, name, scopes, created_at, last_used_at FROM api_tokens WHERE user_id = $1 ORDER BY id DESC',
        [userId],
      );
      return rows.map(toApiTokenInfo);
    },
    async create(user, name, scopes, token, now) {
      const { rows } = await pool.query<ApiTokenRow>(
        `INSERT INTO api_tokens (user_id, user_name, user_email, name, scopes, token_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, name, scopes, created_at, last_used_at`,
        [user.id, user.name, user.email, name, scopesColumn(scopes), hashToken(token), now],
      );
      return toApiTokenInfo(rows[0]);
    },
    async remove(userId, id) {
      const { rowCount } = await pool.query('DELETE FROM api_tokens WHERE user_id = $1 AND id = $2', [userId, id]);
      return (rowCount ?? 0) > 0;
    },
    async authenticate(token, now) {
      const { rows } = await pool.query<ApiTokenOwnerRow>(
        'UPDATE api_tokens SET last_used_at = $2 WHERE token_hash = $1 RETURNING id, user_id, user_name, user_email, scopes',
        [hashToken(token), now],
      );
      return rows[0] ? toApiTokenOwner(rows[0]) : undefined;
    },
  };
}
