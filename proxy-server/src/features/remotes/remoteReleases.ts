/** Where the releases of each remote are kept: every instance reads the same rows (SQLite or PostgreSQL). */
import type { RemoteName } from '@prompt-perfect/core/contracts/remotes';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';

export interface ReleaseRow {
  id: number;
  remote: RemoteName;
  url: string;
  version: string;
  releasedBy: string;
  releasedAt: number;
  rolledBackAt: number | null;
  failures: number;
}

export interface CanaryRow {
  remote: RemoteName;
  url: string;
  version: string;
  percent: number;
  releasedBy: string;
  startedAt: number;
  failures: number;
}

export interface RemoteReleaseStore {
  /** Per remote, its two newest releases not rolled back (the current one and its fallback), newest first. */
  live(): Promise<ReleaseRow[]>;
  canaries(): Promise<CanaryRow[]>;
  /** One remote's releases, newest first, at most `limit`. */
  history(remote: RemoteName, limit: number): Promise<ReleaseRow[]>;
  add(release: Omit<ReleaseRow, 'id' | 'rolledBackAt' | 'failures'>): Promise<ReleaseRow>;
  /** Marks the newest release not rolled back as rolled back; undefined when there is none. */
  rollBack(remote: RemoteName, at: number): Promise<ReleaseRow | undefined>;
  setCanary(canary: Omit<CanaryRow, 'failures'>): Promise<void>;
  /** False when the remote had no canary. */
  endCanary(remote: RemoteName): Promise<boolean>;
  /** Counts a failed load of the release or canary at `url`; false when neither is live. */
  countFailure(remote: RemoteName, url: string): Promise<boolean>;
}

type ReleaseRecord = Selectable<Database['remote_releases']>;
type CanaryRecord = Selectable<Database['remote_canaries']>;

export const releaseFromRecord = (r: ReleaseRecord): ReleaseRow => ({
  id: Number(r.id),
  remote: r.remote as RemoteName,
  url: r.url,
  version: r.version,
  releasedBy: r.released_by,
  releasedAt: Number(r.released_at),
  rolledBackAt: r.rolled_back_at === null ? null : Number(r.rolled_back_at),
  failures: r.failures,
});

export const canaryFromRecord = (r: CanaryRecord): CanaryRow => ({
  remote: r.remote as RemoteName,
  url: r.url,
  version: r.version,
  percent: r.percent,
  releasedBy: r.released_by,
  startedAt: Number(r.started_at),
  failures: r.failures,
});
