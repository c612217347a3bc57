/**
 * [teams] Whose data a request reads and writes. A person works in their own space (their user id,
 * where they may do everything) or in an organization's (`org:<id>`, within their role). Routes
 * mounted under /api/orgs/:org get the organization's space from the membership guard; everywhere
 * else the space is the signed-in person's. Stores key a space's rows by `ownerId`.
 */
import type { Request } from 'express';
import { type OrgRole, roleAllows, type SpaceAction } from '@prompt-perfect/core/api/orgs';
import { Forbidden } from '../http/httpError';
import { signedInUser } from './requireUser';

export type Space =
  | { kind: 'personal'; ownerId: string }
  | { kind: 'org'; ownerId: string; orgId: string; slug: string; name: string; role: OrgRole };

const SPACE = Symbol('space');
type WithSpace = Request & { [SPACE]?: Space };

/** The key a space's rows are stored under. */
export const orgOwnerId = (orgId: string) => `org:${orgId}`;

export function setOrgSpace(req: Request, org: { id: string; slug: string; name: string }, role: OrgRole): void {
  (req as WithSpace)[SPACE] = {
    kind: 'org',
    ownerId: orgOwnerId(org.id),
    orgId: org.id,
    slug: org.slug,
    name: org.name,
    role,
  };
}

/** The request's space: the organization the guard resolved, or the signed-in person's own. */
export function spaceOf(req: Request): Space {
  return (req as WithSpace)[SPACE] ?? { kind: 'personal', ownerId: signedInUser(req).id };
}

const ACTION_WORDS: Record<SpaceAction, string> = {
  read: 'read this organization’s data',
  spend: 'run models for this organization',
  'version.save': 'save prompt versions',
  'label.move': 'move labels',
  'label.move-protected': 'move protected labels',
  'label.protect': 'protect or unprotect labels',
  'test-set.write': 'change test sets',
  'prompt.import': 'import prompts',
  'share.create': 'share prompt versions',
  'share.revoke-any': 'revoke other people’s share links',
  'webhook.manage': 'manage webhooks',
  'token.manage': 'manage this organization’s tokens',
  'member.manage': 'manage members and invitations',
  'audit.read': 'read the audit log',
  'org.delete': 'delete the organization',
};

export const mayDo = (space: Space, action: SpaceAction): boolean =>
  space.kind === 'personal' || roleAllows(space.role, action);

/** 403 with the role and what it may not do, unless the request's space allows `action`. */
export function requireAction(req: Request, action: SpaceAction): Space {
  const space = spaceOf(req);
  if (!mayDo(space, action) && space.kind === 'org')
    throw new Forbidden(`Your role in ${space.name} (${space.role}) may not ${ACTION_WORDS[action]}.`, {
      code: 'role_forbids',
    });
  return space;
}
