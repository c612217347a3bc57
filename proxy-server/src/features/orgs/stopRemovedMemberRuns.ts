/**
 * A member removed from an organization loses it mid-run too: their runs in flight in its space stop,
 * whether started with the session, a personal token, or one of their organization tokens (which the
 * removal revoked, so those end as a revoked token's runs do).
 */
import type { Request } from 'express';
import { REMOVED_FROM_ORG_DURING_RUN } from '@prompt-perfect/core/messages';
import { spaceOf } from '../../auth/space';
import { Forbidden } from '../../http/httpError';
import type { RunTracker } from '../runs/runTracker';
import { stopRevokedRuns } from '../tokens/stopRevokedRuns';
import type { ApiTokenStore } from '../tokens/tokens';

export async function stopRemovedMemberRuns(
  tokens: ApiTokenStore,
  runs: RunTracker,
  orgId: string,
  userId: string,
): Promise<void> {
  const revoked = await stopRevokedRuns(tokens, runs, userId);
  const inTheOrg = (open: Request) => {
    const space = spaceOf(open);
    return !revoked.has(open) && space.kind === 'org' && space.orgId === orgId;
  };
  await runs.stopUser(userId, new Forbidden(REMOVED_FROM_ORG_DURING_RUN), inTheOrg);
}
