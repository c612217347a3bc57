/**
 * Whose budgets a model call counts against: always the person's own (USER_DAILY_BUDGET_USD), and in
 * an organization's space the organization's too (ORG_DAILY_BUDGET_USD, stored under its owner key).
 */
import type { Request } from 'express';
import { signedInUser } from '../../auth/requireUser';
import { requireAction } from '../../auth/space';

export interface Payer {
  userId: string;
  org?: { ownerId: string; name: string };
}

/** The request's payer; 403 when its role in the organization may not spend (a viewer). */
export function payerOf(req: Request): Payer {
  const space = requireAction(req, 'spend');
  const userId = signedInUser(req).id;
  return space.kind === 'org' ? { userId, org: { ownerId: space.ownerId, name: space.name } } : { userId };
}
