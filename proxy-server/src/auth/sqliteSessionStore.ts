/** SessionStore on the embedded SQLite database. */
import type { Db } from '../db';
import { hashSessionId, newSessionId, SESSION_TTL_MS, type SessionStore } from './sessionStore';

interface Row {
  user_id: string;
  name: string;
  email: string;
  expires_at: number;
}

export function createSqliteSessionStore(db: Db, ttlMs = SESSION_TTL_MS): SessionStore {
  const insert = db.prepare(
    'INSERT INTO sessions (id_hash, user_id, name, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[string], Row>('SELECT user_id, name, email, expires_at FROM sessions WHERE id_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const removeAllOf = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  return {
    async create(user) {
      const id = newSessionId();
      const now = Date.now();
      insert.run(hashSessionId(id), user.id, user.name, user.email, now, now + ttlMs);
      return id;
    },
    async get(sessionId) {
      const key = hashSessionId(sessionId);
      const row = select.get(key);
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        remove.run(key);
        return null;
      }
      return { id: row.user_id, name: row.name, email: row.email, source: 'local' };
    },
    async delete(sessionId) {
      remove.run(hashSessionId(sessionId));
    },
    async deleteAllOf(userId) {
      removeAllOf.run(userId);
    },
  };
}
