/** ApiTokenStore on the embedded SQLite database: only sha256(token) is stored, like local sessions. */
import { createHash } from 'node:crypto';
import type { ApiTokenInfo } from '@prompt-perfect/core/api/prove';
import type { Db } from '../db';
import type { ApiTokenStore } from './testSets';

interface Row {
  id: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const toInfo = (r: Row): ApiTokenInfo => ({
  id: r.id,
  name: r.name,
  createdAt: new Date(r.created_at).toISOString(),
  lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
});

export function createSqliteApiTokens(db: Db): ApiTokenStore {
  const q = {
    list: db.prepare<[string], Row>('SELECT id, name, created_at, last_used_at FROM api_tokens WHERE user_id = ? ORDER BY id DESC'),
    get: db.prepare<[number], Row>('SELECT id, name, created_at, last_used_at FROM api_tokens WHERE id = ?'),
    insert: db.prepare<[string, string, string, string, string, number]>(
      'INSERT INTO api_tokens (user_id, user_name, user_email, name, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    remove: db.prepare<[string, number]>('DELETE FROM api_tokens WHERE user_id = ? AND id = ?'),
    byHash: db.prepare<[string], { id: number; user_id: string; user_name: string; user_email: string }>(
      'SELECT id, user_id, user_name, user_email FROM api_tokens WHERE token_hash = ?',
    ),
    touch: db.prepare<[number, number]>('UPDATE api_tokens SET last_used_at = ? WHERE id = ?'),
  };
  return {
    async list(userId) {
      return q.list.all(userId).map(toInfo);
    },
    async create(user, name, token, now) {
      const id = Number(q.insert.run(user.id, user.name, user.email, name, hashToken(token), now).lastInsertRowid);
      return toInfo(q.get.get(id) as Row);
    },
    async remove(userId, id) {
      return q.remove.run(userId, id).changes > 0;
    },
    async authenticate(token, now) {
      const row = q.byHash.get(hashToken(token));
      if (!row) return undefined;
      q.touch.run(now, row.id);
      return { id: row.user_id, name: row.user_name, email: row.user_email };
    },
  };
}
