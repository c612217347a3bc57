/**
 * Remote releases: which build of each remote the shell loads, changed at run time through the admin
 * API (`/api/admin/remotes/...`) and read by everyone through `GET /api/remotes`.
 */
import type { RemoteName } from '../contracts/remotes';

/** The release every server starts from when none is recorded: the REMOTE_<NAME>_URL variables. */
export const INITIAL_RELEASE_VERSION = 'initial';

export interface RemoteRelease {
  /** 0 for the initial release (from the environment). */
  id: number;
  remote: RemoteName;
  /** The remote's mf-manifest.json. */
  url: string;
  version: string;
  releasedBy: string;
  /** ISO time; null for the initial release. */
  releasedAt: string | null;
  /** Set once it was rolled back: it is never served again. */
  rolledBackAt: string | null;
  /** Browsers that could not load it and fell back (POST /api/remotes/failures). */
  failures: number;
}

export interface RemoteCanary {
  remote: RemoteName;
  url: string;
  version: string;
  /** Share of visitors and users (sticky, by id) that get it, 1-100. */
  percent: number;
  releasedBy: string;
  startedAt: string;
  failures: number;
}

/** One remote as an operator sees it (GET /api/admin/remotes). */
export interface RemoteStatus {
  remote: RemoteName;
  current: RemoteRelease;
  /** What a rollback goes back to; null when the current release is the initial one. */
  previous: RemoteRelease | null;
  canary: RemoteCanary | null;
  /** Newest first, the current one included, rolled-back ones marked. */
  history: RemoteRelease[];
}

/** GET /api/remotes: the current release of each remote (public, cacheable for seconds). */
export interface RemotesListing {
  remotes: Record<
    RemoteName,
    { url: string; version: string; canary: { url: string; version: string; percent: number } | null }
  >;
}

/** POST /api/remotes/failures: a browser could not load a release and fell back to the one before. */
export interface RemoteLoadFailure {
  remote: RemoteName;
  url: string;
  version: string;
  message?: string;
}

export const REMOTES_LISTING_PATH = '/api/remotes';
export const REMOTE_FAILURES_PATH = '/api/remotes/failures';
