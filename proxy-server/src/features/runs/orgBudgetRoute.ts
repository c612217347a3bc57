/**
 * GET /api/orgs/:org/budget: both daily budgets a run in the organization counts against (the caller's
 * own, as GET /api/me/budget answers it, and the organization's). Mounted on the organization's
 * sub-router, after its membership guard; every member may read it.
 */
import type { SpaceBudgetStatus } from '@prompt-perfect/core/api/account';
import express, { type RequestHandler, type Router } from 'express';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';
import { NotFound } from '../../http/httpError';
import type { DailyBudget } from './dailyBudget';

export function createOrgBudgetRoute(budget: DailyBudget, guards: RequestHandler[]): Router {
  const router = express.Router();
  router.get('/budget', ...guards, async (req, res) => {
    const space = requireAction(req, 'read');
    if (space.kind !== 'org') throw new NotFound('Not found: /budget');
    const [personal, org] = await Promise.all([budget.status(signedInUser(req).id), budget.orgStatus(space.ownerId)]);
    const body: SpaceBudgetStatus = { personal, org: { ...org, orgId: space.orgId, name: space.name } };
    res.json(body);
  });
  return router;
}
