/**
 * [teams] /api/orgs: make and list one's organizations; under /api/orgs/:org (after the membership
 * guard, see orgSpace.ts) delete it and manage its members. Managed with the session only, like API
 * tokens. Each change is written to the audit log.
 */
import { type OrgRole, ROLE_RANK } from '@prompt-perfect/core/api/orgs';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { signedInUser } from '../../auth/requireUser';
import { orgOwnerId, requireAction, type Space } from '../../auth/space';
import { Conflict, Forbidden, NotFound } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import type { AuditAction } from '@prompt-perfect/core/api/orgs';
import type { AuditLog } from '../audit/auditLog';
import type { MemberChange, OrgStore } from './orgStore';
import { CreateOrgSchema, RoleSchema } from './schemas';

export interface OrgRouteDeps {
  orgs: OrgStore;
  /** Until the audit log is wired in, changes are not recorded. */
  audit?: AuditLog;
  /** Stops a removed member's runs in flight in the organization (see stopRemovedMemberRuns). */
  stopRunsOfRemoved?: (orgId: string, userId: string) => Promise<void>;
  now?: () => number;
}

type OrgSpace = Extract<Space, { kind: 'org' }>;

const LAST_OWNER = 'An organization needs an owner: make another member owner before this one steps down or leaves.';
/** Organizations a person may belong to before making another. */
const ORGS_MAX = 50;
const MEMBER_NOT_FOUND = 'That person is not a member of this organization.';
const OWNERS_ONLY = 'Only an owner may change, remove or appoint an owner.';

/** The request's organization space, within a role that allows `action`. */
const orgSpace = (req: Request, action: Parameters<typeof requireAction>[1]) => requireAction(req, action) as OrgSpace;

/** Records the change in the organization's audit log (when there is one). */
export function recorder(deps: OrgRouteDeps) {
  const now = deps.now ?? Date.now;
  return async (
    req: Request,
    orgId: string,
    action: AuditAction,
    summary: string,
    details: Record<string, unknown> = {},
  ) => {
    const actor = signedInUser(req);
    await deps.audit?.record(
      { ownerId: orgOwnerId(orgId), actor: { id: actor.id, name: actor.name }, action, summary, details },
      now(),
    );
  };
}

function refuse(change: MemberChange): void {
  if (change === 'not-member') throw new NotFound(MEMBER_NOT_FOUND);
  if (change === 'last-owner') throw new Conflict(LAST_OWNER, { code: 'last_owner' });
}

/** POST and GET /api/orgs. */
export function createOrgRoutes(deps: OrgRouteDeps, guards: RequestHandler[]): Router {
  const { orgs } = deps;
  const now = deps.now ?? Date.now;
  const record = recorder(deps);
  const router = express.Router();
  // Guards on the routes themselves: /orgs/:org/... has its own (see orgSpace.ts), tokens included.
  router.get('/orgs', ...guards, async (req, res) => {
    res.json({ items: await orgs.listFor(signedInUser(req).id) });
  });

  router.post('/orgs', ...guards, async (req, res) => {
    const { name } = parseBody(CreateOrgSchema, req);
    const user = signedInUser(req);
    if ((await orgs.listFor(user.id)).length >= ORGS_MAX)
      throw new Conflict(`You belong to ${ORGS_MAX} organizations, the most a person may. Leave one first.`, {
        code: 'limit_reached',
      });
    const org = await orgs.create(user, name, now());
    await record(req, org.id, 'org.create', `created ${org.name}`, { slug: org.slug });
    res.status(201).json(org);
  });

  return router;
}

/** DELETE /api/orgs/:org and its members, on the organization's space router. */
export function createMemberRoutes(deps: OrgRouteDeps, guards: RequestHandler[]): Router {
  const { orgs } = deps;
  const now = deps.now ?? Date.now;
  const record = recorder(deps);
  const router = express.Router();

  router.delete('/', ...guards, async (req, res) => {
    const space = orgSpace(req, 'org.delete');
    await orgs.remove(space.orgId);
    res.status(204).end();
  });

  router.get('/members', ...guards, async (req, res) => {
    res.json({ items: await orgs.members(orgSpace(req, 'read').orgId) });
  });

  /** The member's current role; 404 when they are not one. */
  const roleOf = async (orgId: string, userId: string): Promise<OrgRole> => {
    const found = await orgs.membership(userId, orgId);
    if (!found) throw new NotFound(MEMBER_NOT_FOUND);
    return found.role;
  };

  router.put('/members/:userId', ...guards, async (req, res) => {
    const space = orgSpace(req, 'member.manage');
    const { role } = parseBody(RoleSchema, req);
    const userId = String(req.params.userId);
    const before = await roleOf(space.orgId, userId);
    if ((before === 'owner' || role === 'owner') && space.role !== 'owner') throw new Forbidden(OWNERS_ONLY);
    refuse(await orgs.setRole(space.orgId, userId, role));
    const member = (await orgs.members(space.orgId)).find((m) => m.userId === userId);
    if (!member) throw new NotFound(MEMBER_NOT_FOUND);
    if (before !== role)
      await record(req, space.orgId, 'member.role', `${member.email}: ${before} -> ${role}`, {
        userId,
        from: before,
        to: role,
      });
    res.json(member);
  });

  // An admin removes anyone but an owner; an owner anyone; every member may leave.
  router.delete('/members/:userId', ...guards, async (req, res) => {
    const space = orgSpace(req, 'read');
    const userId = String(req.params.userId);
    const leaving = userId === signedInUser(req).id;
    if (!leaving) requireAction(req, 'member.manage');
    const target = (await orgs.members(space.orgId)).find((m) => m.userId === userId);
    if (!target) throw new NotFound(MEMBER_NOT_FOUND);
    if (!leaving && ROLE_RANK[target.role] > ROLE_RANK[space.role]) throw new Forbidden(OWNERS_ONLY);
    refuse(await orgs.removeMember(space.orgId, userId, now()));
    await deps.stopRunsOfRemoved?.(space.orgId, userId);
    await record(
      req,
      space.orgId,
      'member.remove',
      leaving ? `${target.email} left (was ${target.role})` : `removed ${target.email} (was ${target.role})`,
      { userId, role: target.role, left: leaving },
    );
    res.status(204).end();
  });

  return router;
}
