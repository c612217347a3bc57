/**
 * Who gets a canary: a fixed share of ids (a visitor's cookie id, or a signed-in user's id), the same
 * ids every time and on every instance. The bucket does not depend on the percent, so raising the
 * share keeps everyone who had the canary and adds more.
 */
import { createHash } from 'node:crypto';
import type { RemoteName } from '@prompt-perfect/core/contracts/remotes';

const BUCKETS = 10_000;

function canaryBucket(remote: RemoteName, id: string): number {
  return createHash('sha256').update(`${remote}:${id}`).digest().readUInt32BE(0) % BUCKETS;
}

export function inCanary(remote: RemoteName, id: string, percent: number): boolean {
  return canaryBucket(remote, id) < (percent / 100) * BUCKETS;
}
