/** A revoked token's runs in flight stop too (an optimization would otherwise go on to its limits). */
import type { Request } from 'express';
import { TOKEN_REVOKED_DURING_RUN } from '@prompt-perfect/core/messages';
import { apiTokenOf } from '../../auth/apiTokenAuth';
import { Unauthorized } from '../../http/httpError';
import type { RunTracker } from '../runs/runTracker';
import type { ApiTokenStore } from './tokens';

/** Stops the user's open requests made with a token that no longer works; returns those requests. */
export async function stopRevokedRuns(tokens: ApiTokenStore, runs: RunTracker, userId: string): Promise<Set<Request>> {
  const revoked = new Set<Request>();
  for (const open of runs.openRequestsOf(userId)) {
    const token = apiTokenOf(open);
    if (token && !(await tokens.authenticate(token, Date.now()))) revoked.add(open);
  }
  if (revoked.size > 0)
    await runs.stopUser(userId, new Unauthorized(TOKEN_REVOKED_DURING_RUN, { code: 'token_invalid' }), (open) =>
      revoked.has(open),
    );
  return revoked;
}
