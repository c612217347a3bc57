/** ApiTokenStore on the embedded SQLite database. */
import type { Db } from '../db';
import {
  type ApiTokenOwnerRow,
  type ApiTokenRow,
  hashToken,
  scopesColumn,
  toApiTokenInfo,
  toApiTokenOwner,
} from './testSetRows';
import type { ApiTokenStore } from './testSets';

export function createSqliteApiTokens(db: Db): ApiTokenStore {
  const q = {
    list: db.prepare<[string], ApiTokenRow>(
      'SELECT id, name, scopes, created_at, last_used_at FROM api_tokens WHERE user_id = ? ORDER BY id DESC',
    ),
    get: db.prepare<[number], ApiTokenRow>(
      'SELECT id, name, scopes, created_at, last_used_at FROM api_tokens WHERE id = ?',
    ),
    insert: db.prepare<[string, string, string, string, string, string, number]>(
      'INSERT INTO api_tokens (user_id, user_name, user_email, name, scopes, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    remove: db.prepare<[string, number]>('DELETE FROM api_tokens WHERE user_id = ? AND id = ?'),
    byHash: db.prepare<[string], ApiTokenOwnerRow>(
      'SELECT id, user_id, user_name, user_email, scopes FROM api_tokens WHERE token_hash = ?',
    ),
    touch: db.prepare<[number, number]>('UPDATE api_tokens SET last_used_at = ? WHERE id = ?'),
  };
  return {
    async list(userId) {
      return q.list.all(userId).map(toApiTokenInfo);
    },
    async create(user, name, scopes, token, now) {
      const id = Number(
        q.insert.run(user.id, user.name, user.email, name, scopesColumn(scopes), hashToken(token), now).lastInsertRowid,
      );
      return toApiTokenInfo(q.get.get(id) as ApiTokenRow);
    },
    async remove(userId, id) {
      return q.remove.run(userId, id).changes > 0;
    },
    async authenticate(token, now) {
      const row = q.byHash.get(hashToken(token));
      if (!row) return undefined;
      q.touch.run(now, row.id);
      return toApiTokenOwner(row);
    },
  };
}
