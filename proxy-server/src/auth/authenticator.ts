/** Who is calling: the local session cookie, or a Clerk bearer token, depending on the auth mode. */
import type { Request } from 'express';
import type { AuthMode, AuthUser } from '@prompt-perfect/core/auth/types';
import type { AuthConfig } from '../config';
import { verifyClerkToken } from './clerkVerifier';
import { readSignedCookie, SESSION_COOKIE } from './cookies';
import type { SessionStore } from './sessionStore';

type Identity = { user: AuthUser } | { user: null; reason: 'missing' | 'invalid' };

export interface Authenticator {
  readonly mode: AuthMode;
  identify(req: Request): Promise<Identity>;
}

const MAX_TOKEN_LENGTH = 8192;

function bearerToken(req: Request): string | undefined | false {
  const h = req.headers.authorization;
  if (h === undefined) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(h);
  if (!m || m[1].length > MAX_TOKEN_LENGTH) return false;
  return m[1];
}

export function createAuthenticator(auth: AuthConfig, sessions: SessionStore): Authenticator {
  if (auth.mode === 'clerk') {
    return {
      mode: 'clerk',
      async identify(req) {
        const token = bearerToken(req);
        if (token === undefined) return { user: null, reason: 'missing' };
        if (token === false) return { user: null, reason: 'invalid' };
        const user = await verifyClerkToken(token, auth);
        return user ? { user } : { user: null, reason: 'invalid' };
      },
    };
  }
  return {
    mode: 'local',
    async identify(req) {
      const sid = readSignedCookie(req, SESSION_COOKIE);
      if (sid === undefined) return { user: null, reason: req.headers.authorization ? 'invalid' : 'missing' };
      if (sid === false) return { user: null, reason: 'invalid' };
      const user = await sessions.get(sid);
      return user ? { user } : { user: null, reason: 'invalid' };
    },
  };
}
