/** Today's model spend against the server's daily budget (GET /api/me/budget). */
import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { apiRequest } from './client';

export const fetchDailyBudget = (signal?: AbortSignal) => apiRequest<DailyBudgetStatus>('/api/me/budget', { signal });
