/**
 * Local-identity sessions in SQLite, so signing out really ends a session. Only sha256(session id)
 * is stored: a copy of the database file (backup, leaked volume) does not hold usable cookies.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from '@prompt-perfect/core/auth/types';
import type { Db } from '../db';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionStore {
  create(user: Omit<AuthUser, 'source'>): string;
  get(sessionId: string): AuthUser | null;
  delete(sessionId: string): void;
}

interface Row {
  user_id: string;
  name: string;
  email: string;
  expires_at: number;
}

/** What the sessions table stores in place of the id the cookie carries. */
function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

export function createSessionStore(db: Db, ttlMs = SESSION_TTL_MS): SessionStore {
  const insert = db.prepare('INSERT INTO sessions (id_hash, user_id, name, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
  const select = db.prepare<[string], Row>('SELECT user_id, name, email, expires_at FROM sessions WHERE id_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  return {
    create(user) {
      const id = randomBytes(32).toString('base64url');
      const now = Date.now();
      insert.run(hashSessionId(id), user.id, user.name, user.email, now, now + ttlMs);
      return id;
    },
    get(sessionId) {
      const key = hashSessionId(sessionId);
      const row = select.get(key);
      if (!row) return null;
      if (row.expires_at < Date.now()) {
        remove.run(key);
        return null;
      }
      return { id: row.user_id, name: row.name, email: row.email, source: 'local' };
    },
    delete(sessionId) {
      remove.run(hashSessionId(sessionId));
    },
  };
}
