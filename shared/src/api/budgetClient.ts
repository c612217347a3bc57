/** Today's model spend against the server's daily budgets. */
import type { DailyBudgetStatus, SpaceBudgetStatus } from '@prompt-perfect/core/api/account';
import { apiRequest } from './client';

/** The person's own budget (GET /api/me/budget). */
export const fetchDailyBudget = (signal?: AbortSignal) => apiRequest<DailyBudgetStatus>('/api/me/budget', { signal });

/** [teams] Both budgets a run in the organization counts against (GET /api/orgs/:org/budget). */
export const fetchSpaceBudget = (slug: string, signal?: AbortSignal) =>
  apiRequest<SpaceBudgetStatus>(`/api/orgs/${encodeURIComponent(slug)}/budget`, { signal });
