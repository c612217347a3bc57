/**
 * /api/orgs/:org/tokens: an organization's API tokens (admins and owners, signed in: a token cannot
 * mint tokens). Mounted on the organization's sub-router, after its membership guard. The list shows
 * every maker's tokens, and those revoked because their maker left with when and why.
 */
import { type CreatedApiToken, TOKEN_SCOPES } from '@prompt-perfect/core/api/tokens';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { newApiToken } from '../../auth/apiTokenAuth';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';
import { Conflict, NotFound } from '../../http/httpError';
import { idParam } from '../../http/idParam';
import { parseBody } from '../../http/validate';
import type { AuditLog } from '../audit/auditLog';
import type { RunTracker } from '../runs/runTracker';
import { TOKENS_MAX } from './routes';
import { TokenSchema } from './schemas';
import { stopRevokedRuns } from './stopRevokedRuns';
import type { ApiTokenStore } from './tokens';

const TOKEN_NOT_FOUND = 'That API token is not in this organization (it may have been revoked already).';

export interface OrgTokenRouteDeps {
  tokens: ApiTokenStore;
  runs: RunTracker;
  audit?: AuditLog;
}

/** The organization's space, once the caller may manage its tokens (admin or owner). */
function manage(req: Request) {
  const space = requireAction(req, 'token.manage');
  if (space.kind !== 'org') throw new NotFound(TOKEN_NOT_FOUND);
  return space;
}

/** `guards`: the session only (a token cannot mint tokens). */
export function createOrgTokenRoutes({ tokens, runs, audit }: OrgTokenRouteDeps, guards: RequestHandler[]): Router {
  const router = express.Router();
  router.use('/tokens', ...guards);
  const actorOf = (req: Request) => {
    const { id, name } = signedInUser(req);
    return { id, name };
  };

  router.get('/tokens', async (req, res) => {
    const space = manage(req);
    res.json({ items: await tokens.listOrg(space.orgId) });
  });

  router.post('/tokens', async (req, res) => {
    const space = manage(req);
    const { name, scopes } = parseBody(TokenSchema, req);
    if ((await tokens.countOrg(space.orgId)) >= TOKENS_MAX)
      throw new Conflict(`${space.name} has ${TOKENS_MAX} API tokens, the most an organization keeps. Revoke one first.`, {
        code: 'limit_reached',
      });
    const token = newApiToken();
    const now = Date.now();
    const info = await tokens.create(signedInUser(req), name.trim(), scopes ?? TOKEN_SCOPES, token, now, space.orgId);
    await audit?.record(
      {
        ownerId: space.ownerId,
        actor: actorOf(req),
        action: 'token.create',
        summary: `${info.name} (${info.scopes.join(', ')})`,
        details: { tokenId: info.id, scopes: info.scopes },
      },
      now,
    );
    const created: CreatedApiToken = { token, info };
    res.status(201).json(created);
  });

  // Runs started with the revoked token stop too, as for a personal token.
  router.delete('/tokens/:id', async (req, res) => {
    const space = manage(req);
    const id = idParam(req.params.id);
    const removed = await tokens.removeOrg(space.orgId, id);
    if (!removed) throw new NotFound(TOKEN_NOT_FOUND);
    await stopRevokedRuns(tokens, runs, removed.makerId);
    await audit?.record(
      {
        ownerId: space.ownerId,
        actor: actorOf(req),
        action: 'token.revoke',
        summary: removed.name,
        details: { tokenId: id, makerId: removed.makerId },
      },
      Date.now(),
    );
    res.status(204).end();
  });

  return router;
}
