/**
 * [teams] Invitations: admins make (one use, expiring, with a role, optionally for one e-mail
 * address), list and revoke them under /api/orgs/:org/invites; a signed-in person previews and
 * accepts one at /api/invites/:token. Only the token's hash is stored.
 */
import { type CreatedInvite, INVITE_TTL_MS, type OrgSummary } from '@prompt-perfect/core/api/orgs';
import express, { type RequestHandler, type Router } from 'express';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';
import { Conflict, Forbidden, Gone, NotFound } from '../../http/httpError';
import { idParam } from '../../http/idParam';
import { parseBody } from '../../http/validate';
import { hashToken } from '../tokens/tokenRows';
import { inviteUrl, looksLikeInviteToken, maskEmail, newInviteToken } from './invites';
import type { AcceptResult, OrgStore } from './orgStore';
import { type OrgRouteDeps, recorder } from './routes';
import { InviteSchema } from './schemas';

/** Open invitations an organization may have at once. */
const INVITES_MAX = 50;
const INVITE_NOT_FOUND = 'That invitation is not open in this organization (it may have been used or revoked).';
const OWNERS_INVITE_OWNERS = 'Only an owner may invite an owner.';
const LINK_UNKNOWN = 'This invitation link is not valid: check that it was copied whole, or ask for a new one.';
const LINK_USED =
  'This invitation link has already been used: each works once. Ask an admin of the organization for a new one.';
const LINK_EXPIRED = 'This invitation link has expired. Ask an admin of the organization for a new one.';

type Refusal = Extract<AcceptResult, { ok: false }>;

/** The answer to an invitation that cannot be accepted. */
function refusal(result: Refusal, signedInAs: string): Error {
  switch (result.reason) {
    case 'unknown':
      return new NotFound(LINK_UNKNOWN);
    case 'used':
      return new Conflict(LINK_USED, { code: 'invite_used' });
    case 'expired':
      return new Gone(LINK_EXPIRED, { code: 'invite_expired' });
    case 'already-member':
      return new Conflict('You’re already a member of this organization.', { code: 'already_member' });
    case 'wrong-account':
      return new Forbidden(
        `This invitation is for ${maskEmail(result.email)}, and you are signed in as ${signedInAs}: sign in with the invited address to accept it.`,
        { code: 'wrong_account' },
      );
  }
}

/**
 * 409 `already_member` with the organization (`org`, to switch to it) when the caller belongs to the
 * one the invitation is for, whether the invitation is open, used (perhaps by them) or expired.
 */
async function alreadyMember(orgs: OrgStore, tokenHash: string, userId: string, now: number) {
  const found = await orgs.lookupInvite(tokenHash, now);
  const membership = 'orgId' in found ? await orgs.membership(userId, found.orgId) : undefined;
  if (!membership) return { found };
  const org: OrgSummary = { ...membership.org, role: membership.role };
  return {
    found,
    refusal: new Conflict(`You’re already a member of ${org.name}.`, { code: 'already_member', extra: { org } }),
  };
}

/** POST, GET and DELETE /api/orgs/:org/invites, on the organization's space router. */
export function createInviteAdminRoutes(deps: OrgRouteDeps, guards: RequestHandler[]): Router {
  const { orgs } = deps;
  const now = deps.now ?? Date.now;
  const record = recorder(deps);
  const router = express.Router();
  router.use('/invites', ...guards);

  router.post('/invites', async (req, res) => {
    const space = requireAction(req, 'member.manage');
    if (space.kind !== 'org') throw new NotFound(INVITE_NOT_FOUND);
    const { role, email } = parseBody(InviteSchema, req);
    if (role === 'owner' && space.role !== 'owner') throw new Forbidden(OWNERS_INVITE_OWNERS);
    const at = now();
    if ((await orgs.invites(space.orgId, at)).length >= INVITES_MAX)
      throw new Conflict(`${space.name} has ${INVITES_MAX} open invitations, the most it keeps. Revoke one first.`, {
        code: 'limit_reached',
      });
    const token = newInviteToken();
    const invite = await orgs.createInvite(
      space.orgId,
      {
        role,
        email: email ?? null,
        createdBy: signedInUser(req).id,
        tokenHash: hashToken(token),
        expiresAt: at + INVITE_TTL_MS,
      },
      at,
    );
    await record(req, space.orgId, 'invite.create', `invited ${invite.email ?? 'anyone with the link'} as ${role}`, {
      inviteId: invite.id,
      role,
      email: invite.email,
    });
    const created: CreatedInvite = { url: inviteUrl(req, token), token, expiresAt: invite.expiresAt };
    res.status(201).json(created);
  });

  router.get('/invites', async (req, res) => {
    const space = requireAction(req, 'member.manage');
    if (space.kind !== 'org') throw new NotFound(INVITE_NOT_FOUND);
    res.json({ items: await orgs.invites(space.orgId, now()) });
  });

  router.delete('/invites/:id', async (req, res) => {
    const space = requireAction(req, 'member.manage');
    if (space.kind !== 'org') throw new NotFound(INVITE_NOT_FOUND);
    const id = idParam(req.params.id);
    if (!(await orgs.revokeInvite(space.orgId, id))) throw new NotFound(INVITE_NOT_FOUND);
    await record(req, space.orgId, 'invite.revoke', `revoked invitation #${id}`, { inviteId: id });
    res.status(204).end();
  });

  return router;
}

/** GET /api/invites/:token (what it offers) and POST /api/invites/:token/accept, signed in. */
export function createInviteRoutes(deps: OrgRouteDeps, guards: RequestHandler[]): Router {
  const { orgs } = deps;
  const now = deps.now ?? Date.now;
  const record = recorder(deps);
  const router = express.Router();
  router.use('/invites', ...guards);

  router.get('/invites/:token', async (req, res) => {
    const token = String(req.params.token);
    const user = signedInUser(req);
    if (!looksLikeInviteToken(token)) throw refusal({ ok: false, reason: 'unknown' }, user.email);
    const { found, refusal: member } = await alreadyMember(orgs, hashToken(token), user.id, now());
    if (member) throw member;
    if (!found.ok) throw refusal(found, user.email);
    res.json(found.preview);
  });

  router.post('/invites/:token/accept', async (req, res) => {
    const token = String(req.params.token);
    const user = signedInUser(req);
    if (!looksLikeInviteToken(token)) throw refusal({ ok: false, reason: 'unknown' }, user.email);
    const member = (await alreadyMember(orgs, hashToken(token), user.id, now())).refusal;
    if (member) throw member;
    const result = await orgs.acceptInvite(hashToken(token), user, now());
    if (!result.ok) throw refusal(result, user.email);
    await record(req, result.org.id, 'member.join', `${user.email} joined as ${result.org.role}`, {
      userId: user.id,
      role: result.org.role,
    });
    res.json(result.org);
  });

  return router;
}
