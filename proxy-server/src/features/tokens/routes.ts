/** /api/tokens: personal API tokens, managed with the session only (a token cannot mint tokens). */
import { type CreatedApiToken, TOKEN_SCOPES } from '@prompt-perfect/core/api/tokens';
import express, { type RequestHandler, type Router } from 'express';
import { signedInUser } from '../../auth/requireUser';
import { newApiToken } from '../../auth/apiTokenAuth';
import { Conflict, NotFound } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import { TokenSchema } from './schemas';
import type { RunTracker } from '../runs/runTracker';
import type { ApiTokenStore } from './tokens';
import { idParam } from '../../http/idParam';
import { stopRevokedRuns } from './stopRevokedRuns';

export const TOKENS_MAX = 20;
const TOKEN_NOT_FOUND = 'That API token is not in your account (it may have been revoked already).';

export function createTokenRoutes(tokens: ApiTokenStore, guards: RequestHandler[], runs: RunTracker): Router {
  const router = express.Router();
  router.use('/tokens', ...guards);

  router.get('/tokens', async (req, res) => {
    res.json({ items: await tokens.list(signedInUser(req).id) });
  });

  router.post('/tokens', async (req, res) => {
    const { name, scopes } = parseBody(TokenSchema, req);
    const user = signedInUser(req);
    if ((await tokens.list(user.id)).length >= TOKENS_MAX)
      throw new Conflict(`You have ${TOKENS_MAX} API tokens, the most an account keeps. Revoke one first.`, {
        code: 'limit_reached',
      });
    const token = newApiToken();
    const info = await tokens.create(user, name.trim(), scopes ?? TOKEN_SCOPES, token, Date.now());
    const created: CreatedApiToken = { token, info };
    res.status(201).json(created);
  });

  router.delete('/tokens/:id', async (req, res) => {
    const userId = signedInUser(req).id;
    if (!(await tokens.remove(userId, idParam(req.params.id)))) throw new NotFound(TOKEN_NOT_FOUND);
    await stopRevokedRuns(tokens, runs, userId);
    res.status(204).end();
  });

  return router;
}
