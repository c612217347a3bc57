/**
 * Local-identity sessions, stored so signing out really ends a session. Only sha256(session id) is
 * stored: a copy of the database (backup, leaked volume) does not hold usable cookies.
 * Implementation: storedSessions (SQLite and PostgreSQL).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from '@prompt-perfect/core/auth/types';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionStore {
  /** Resolves to the new session id (what the cookie carries). */
  create(user: Omit<AuthUser, 'source'>): Promise<string>;
  get(sessionId: string): Promise<AuthUser | null>;
  delete(sessionId: string): Promise<void>;
  /** Ends every session of the user (Delete my data). */
  deleteAllOf(userId: string): Promise<void>;
}

/** What the sessions table stores in place of the id the cookie carries. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

export const newSessionId = () => randomBytes(32).toString('base64url');
