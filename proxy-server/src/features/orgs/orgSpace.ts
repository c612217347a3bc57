/**
 * [teams] The membership guard of /api/orgs/:org. It reads the caller's membership on every request
 * (no cache), so a role change or a removal holds from the very next request. A caller who is not a
 * member gets exactly the 404 of an organization that does not exist, so names cannot be probed.
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import { setOrgSpace, spaceOf } from '../../auth/space';
import { signedInUser } from '../../auth/requireUser';
import { NotFound } from '../../http/httpError';
import type { Membership, OrgStore } from './orgStore';

/** The one answer for "no such organization" and "not yours". */
export const orgNotFound = (key: string) =>
  new NotFound(`There is no organization '${key.slice(0, 100)}' among yours.`);

/**
 * Clerk mode: the verified session token's active organization is trusted for that organization
 * (written to the tables first); for any other organization the tables decide.
 */
async function clerkMembership(orgs: OrgStore, req: Request, key: string): Promise<Membership | undefined> {
  const user = signedInUser(req);
  const active = user.org;
  if (!active || (active.id !== key && active.slug !== key)) return undefined;
  const stored = await orgs.membership(user.id, active.id);
  if (stored?.role === active.role) return stored;
  const org = await orgs.adopt(active, user, active.role, Date.now());
  return { org, role: active.role };
}

/** Resolves :org (slug or id) to the caller's membership and makes it the request's space. */
export function orgMembershipGuard(orgs: OrgStore): RequestHandler {
  return async (req, _res, next) => {
    const key = String(req.params.org ?? '');
    const user = signedInUser(req);
    const membership = (await clerkMembership(orgs, req, key)) ?? (await orgs.membership(user.id, key));
    if (!membership) throw orgNotFound(key);
    // A request already acting for an organization (an organization's token) acts for that one only.
    const already = spaceOf(req);
    if (already.kind === 'org' && already.orgId !== membership.org.id) throw orgNotFound(key);
    setOrgSpace(req, membership.org, membership.role);
    next();
  };
}

/**
 * The router mounted at /api/orgs/:org: `guards` identify the caller (session or token), then the
 * membership guard sets the organization's space. Mount route factories on it with `.use(...)`:
 * their own guards still run (scopes, per-user limits) and `spaceOf(req)` is the organization.
 */
export function createOrgSpaceRouter(orgs: OrgStore, guards: RequestHandler[]): Router {
  const router = express.Router({ mergeParams: true });
  router.use(...guards, orgMembershipGuard(orgs));
  return router;
}
