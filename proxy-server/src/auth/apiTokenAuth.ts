/**
 * Personal API tokens (created in Settings): `Authorization: Bearer pp_...` authenticates as the
 * token's owner on the [prove] endpoints only. Any other caller goes through the session guard.
 */
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../httpError';
import type { ApiTokenStore } from '../storage/testSets';
import type { Authenticator } from './authenticator';
import { requireUser, setSignedInUser } from './requireUser';

const PREFIX = 'pp_';

const TOKEN = Symbol('apiToken');
type WithToken = Request & { [TOKEN]?: string };

/** The personal API token a request was authenticated with, if it was. */
export const apiTokenOf = (req: Request): string | undefined => (req as WithToken)[TOKEN];
const TOKEN_INVALID = 'That API token is not valid (it may have been revoked). Create a new one in Settings.';

export const newApiToken = (): string => `${PREFIX}${randomBytes(32).toString('base64url')}`;

function personalToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(pp_[A-Za-z0-9_-]{1,200})\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/** The session (or Clerk) guard, or a personal API token. */
export function requireUserOrToken(auth: Authenticator, tokens: ApiTokenStore): RequestHandler {
  const session = requireUser(auth);
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header || !/^Bearer\s+pp_/i.test(header)) return session(req, res, next);
    const token = personalToken(header);
    const user = token ? await tokens.authenticate(token, Date.now()) : undefined;
    if (!user) throw new HttpError(401, TOKEN_INVALID);
    setSignedInUser(req, { ...user, source: auth.mode });
    (req as WithToken)[TOKEN] = token;
    next();
  };
}
