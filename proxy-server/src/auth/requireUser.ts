/** Guards signed-in endpoints: 401 JSON unless the caller is signed in. */
import type { Request, RequestHandler } from 'express';
import type { AuthUser } from '@prompt-perfect/core/auth/types';
import { Unauthorized } from '../http/httpError';
import type { Authenticator } from './authenticator';

const SIGN_IN_REQUIRED = 'Please sign in to use this feature.';
const SESSION_INVALID = 'Your session is not valid or has expired. Please sign in again.';

const USER = Symbol('user');
type WithUser = Request & { [USER]?: AuthUser };

export function currentUser(req: Request): AuthUser | undefined {
  return (req as WithUser)[USER];
}

/** The user `requireUser` let through; a route outside its guard gets the same 401 as a guest. */
export function signedInUser(req: Request): AuthUser {
  const user = (req as WithUser)[USER];
  if (!user) throw new Unauthorized(SIGN_IN_REQUIRED);
  return user;
}

/** Marks the request as made by `user` (a personal API token's owner, see apiTokenAuth.ts). */
export function setSignedInUser(req: Request, user: AuthUser): void {
  (req as WithUser)[USER] = user;
}

export function requireUser(auth: Authenticator): RequestHandler {
  return async (req, _res, next) => {
    const identity = await auth.identify(req);
    if (!identity.user) {
      const headers: Record<string, string> = auth.mode === 'clerk' ? { 'WWW-Authenticate': 'Bearer' } : {};
      throw new Unauthorized(identity.reason === 'missing' ? SIGN_IN_REQUIRED : SESSION_INVALID, { headers });
    }
    (req as WithUser)[USER] = identity.user;
    next();
  };
}
