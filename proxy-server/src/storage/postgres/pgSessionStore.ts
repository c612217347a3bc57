/** SessionStore on PostgreSQL: a session created through one instance is valid on all of them. */
import { hashSessionId, newSessionId, SESSION_TTL_MS, type SessionStore } from '../../auth/sessionStore';
import type { Pool } from './pgPool';

export function createPgSessionStore(pool: Pool, ttlMs = SESSION_TTL_MS): SessionStore {
  return {
    async create(user) {
      const id = newSessionId();
      const now = Date.now();
      await pool.query(
        'INSERT INTO sessions (id_hash, user_id, name, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [hashSessionId(id), user.id, user.name, user.email, now, now + ttlMs],
      );
      return id;
    },
    async get(sessionId) {
      const key = hashSessionId(sessionId);
      const { rows } = await pool.query<{ user_id: string; name: string; email: string; expires_at: number }>(
        'SELECT user_id, name, email, expires_at FROM sessions WHERE id_hash = $1',
        [key],
      );
      const row = rows[0];
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        await pool.query('DELETE FROM sessions WHERE id_hash = $1', [key]);
        return null;
      }
      return { id: row.user_id, name: row.name, email: row.email, source: 'local' };
    },
    async delete(sessionId) {
      await pool.query('DELETE FROM sessions WHERE id_hash = $1', [hashSessionId(sessionId)]);
    },
    async deleteAllOf(userId) {
      await pool.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    },
  };
}
