/**
 * Whether the server now serves another release of a remote than this page runs (GET /api/remotes):
 * asked every few minutes and when the tab comes back, never swapping anything under the user.
 */
import type { RemotesListing } from '@prompt-perfect/core/api/remotes';
import { REMOTE_NAMES, type RemoteName } from '@prompt-perfect/core/contracts/remotes';

export function newerReleaseIn(
  listing: RemotesListing,
  inUse: Partial<Record<RemoteName, string | null>>,
): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => {
    const running = inUse[name];
    const listed = listing.remotes?.[name];
    if (!running || !listed) return false;
    return running !== listed.version && running !== listed.canary?.version;
  });
}
