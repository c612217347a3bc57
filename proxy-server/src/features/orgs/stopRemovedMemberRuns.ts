/**
 * A member removed from an organization loses it mid-run too: their runs in flight in its space stop,
 * whether started with the session or with one of their tokens (which the removal revoked).
 */
import { REMOVED_FROM_ORG_DURING_RUN } from '@prompt-perfect/core/messages';
import { apiTokenOf } from '../../auth/apiTokenAuth';
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
  await stopRevokedRuns(tokens, runs, userId);
  const inTheOrg = (open: Parameters<typeof spaceOf>[0]) => {
    const space = spaceOf(open);
    return !apiTokenOf(open) && space.kind === 'org' && space.orgId === orgId;
  };
  await runs.stopUser(userId, new Forbidden(REMOVED_FROM_ORG_DURING_RUN), inTheOrg);
}
