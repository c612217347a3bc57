/** SessionStore on the database, one implementation for SQLite and PostgreSQL: valid on every instance. */
import type { StorageDb } from '../db/dialect';
import { hashSessionId, newSessionId, SESSION_TTL_MS, type SessionStore } from './sessionStore';

export function createSessionStore(db: StorageDb, ttlMs = SESSION_TTL_MS): SessionStore {
  const remove = (idHash: string) => db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  return {
    async create(user) {
      const id = newSessionId();
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          id_hash: hashSessionId(id),
          user_id: user.id,
          name: user.name,
          email: user.email,
          created_at: now,
          expires_at: now + ttlMs,
        })
        .execute();
      return id;
    },
    async get(sessionId) {
      const key = hashSessionId(sessionId);
      const row = await db
        .selectFrom('sessions')
        .select(['user_id', 'name', 'email', 'expires_at'])
        .where('id_hash', '=', key)
        .executeTakeFirst();
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        await remove(key);
        return null;
      }
      return { id: row.user_id, name: row.name, email: row.email, source: 'local' };
    },
    async delete(sessionId) {
      await remove(hashSessionId(sessionId));
    },
    async deleteAllOf(userId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}
