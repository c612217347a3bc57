/** [teams] A route guard for an action of the request's space (auth/space.ts), before any other work. */
import type { RequestHandler } from 'express';
import type { SpaceAction } from '@prompt-perfect/core/api/orgs';
import { requireAction } from './space';

/** 403 role_forbids unless the caller's role may `action`; used before a run slot is taken. */
export const allows =
  (action: SpaceAction): RequestHandler =>
  (req, _res, next) => {
    requireAction(req, action);
    next();
  };
