/**
 * API tokens (created in Settings): `Authorization: Bearer pp_...` authenticates as the token's owner
 * on the endpoints that accept tokens, within the token's scopes. An organization's token acts for the
 * organization (its space, whatever the URL) within its scopes and its maker's role there now: the
 * ceiling (a viewer's token reads only). Any other caller goes through the session guard.
 */
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { type OrgRole, ROLE_ACTIONS } from '@prompt-perfect/core/api/orgs';
import type { TokenScope } from '@prompt-perfect/core/api/tokens';
import { Forbidden, Unauthorized } from '../http/httpError';
import type { ApiTokenOwner, ApiTokenStore } from '../features/tokens/tokens';
import type { Authenticator } from './authenticator';
import { requireUser, setSignedInUser } from './requireUser';
import { setOrgSpace } from './space';

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

const SCOPE_WORK: Record<TokenScope, string> = {
  read: 'read your test sets and history',
  run: 'run models or change your data',
};

const scopeMissing = (scope: TokenScope) =>
  `This API token may not ${SCOPE_WORK[scope]}: it lacks the '${scope}' scope. Create a token with '${scope}' in Settings.`;

/** Reading needs `read`; anything else (a model call, a change) needs `run`. */
const scopeOfMethod = (req: Request): TokenScope => (req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'run');

/** True when the header carries a personal token (valid or not) rather than a session. */
export const sendsPersonalToken = (req: Request) => /^Bearer\s+pp_/i.test(req.headers.authorization ?? '');

/** `reason` is a sentence: "Its maker was removed from the organization." */
const tokenRevoked = (reason: string) =>
  `This API token was revoked. ${reason} Ask an admin of the organization for a new token.`;

/** The token's owner and scopes; 401 for a malformed, unknown or revoked token, saying why when it was revoked. */
export async function tokenOwner(req: Request, tokens: ApiTokenStore): Promise<ApiTokenOwner> {
  const token = personalToken(req.headers.authorization);
  const owner = token ? await tokens.authenticate(token, Date.now()) : undefined;
  if (!owner) {
    const revoked = token ? await tokens.refusalOf(token) : undefined;
    throw new Unauthorized(revoked ? tokenRevoked(revoked) : TOKEN_INVALID, {
      code: 'token_invalid',
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  // Revoking the token stops the runs it started (see features/tokens/routes.ts).
  (req as WithToken)[TOKEN] = token;
  return owner;
}

/** A role that may do nothing but read (a viewer). */
const readsOnly = (role: OrgRole) => ROLE_ACTIONS[role].every((action) => action === 'read');

/** What the token may do now: its scopes, under its maker's current role for an organization's token. */
export const effectiveScopes = ({ scopes, org }: ApiTokenOwner): TokenScope[] =>
  org && readsOnly(org.role) ? scopes.filter((s) => s === 'read') : scopes;

const roleReadsOnly = ({ name, role }: NonNullable<ApiTokenOwner['org']>) =>
  `This organization token acts within its maker's role in ${name} (${role}), which may only read.`;

/**
 * The session (or Clerk) guard, or an API token holding the scope the request needs. An organization's
 * token makes the organization the request's space, whatever the URL; under /api/orgs/:org the
 * membership guard (features/orgs/orgSpace.ts) answers 404 for any other organization.
 */
export function requireUserOrToken(
  auth: Authenticator,
  tokens: ApiTokenStore,
  scopeOf: (req: Request) => TokenScope = scopeOfMethod,
): RequestHandler {
  const session = requireUser(auth);
  return async (req, res, next) => {
    if (!sendsPersonalToken(req)) return session(req, res, next);
    const owner = await tokenOwner(req, tokens);
    const needed = scopeOf(req);
    if (!owner.scopes.includes(needed)) throw new Forbidden(scopeMissing(needed), { code: 'scope_missing' });
    if (owner.org && !effectiveScopes(owner).includes(needed))
      throw new Forbidden(roleReadsOnly(owner.org), { code: 'role_forbids' });
    setSignedInUser(req, { ...owner.user, source: auth.mode });
    if (owner.org) setOrgSpace(req, owner.org, owner.org.role);
    next();
  };
}
