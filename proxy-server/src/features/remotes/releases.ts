/**
 * The releases every instance serves, read from the database (so a release made through one instance
 * reaches the others) and kept for a second, so a busy instance asks the database at most once a
 * second however many pages it serves.
 */
import type { RemoteCanary, RemoteRelease, RemoteStatus, RemotesListing } from '@prompt-perfect/core/api/remotes';
import { INITIAL_RELEASE_VERSION } from '@prompt-perfect/core/api/remotes';
import { REMOTE_NAMES, type RemoteName } from '@prompt-perfect/core/contracts/remotes';
import type { RuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import type { CanaryRow, ReleaseRow, RemoteReleaseStore } from './remoteReleases';
import { inCanary } from './canary';

/** How long one instance serves what it read; a release reaches every instance within this. */
const RELEASES_CACHE_MS = 1_000;
const HISTORY_SHOWN = 20;

interface RemoteState {
  current: RemoteRelease;
  previous: RemoteRelease | null;
  canary: RemoteCanary | null;
}

type ReleaseSnapshot = Record<RemoteName, RemoteState>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toRelease = (row: ReleaseRow): RemoteRelease => ({
  ...row,
  releasedAt: iso(row.releasedAt),
  rolledBackAt: iso(row.rolledBackAt),
});

const toCanary = (row: CanaryRow): RemoteCanary => ({ ...row, startedAt: new Date(row.startedAt).toISOString() });

function initialRelease(remote: RemoteName, url: string): RemoteRelease {
  return {
    id: 0,
    remote,
    url,
    version: INITIAL_RELEASE_VERSION,
    releasedBy: 'environment',
    releasedAt: null,
    rolledBackAt: null,
    failures: 0,
  };
}

/** Absolute http(s) origins of these URLs (relative ones are the page's own origin). */
export function originsOf(urls: Array<string | undefined>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') origins.add(parsed.origin);
    } catch {
      // relative: same origin
    }
  }
  return [...origins];
}

/** Every origin a page may load a remote from: current releases, their fallbacks and canaries. */
export const remoteOrigins = (snapshot: ReleaseSnapshot) =>
  originsOf(Object.values(snapshot).flatMap((s) => [s.current.url, s.previous?.url, s.canary?.url]));

export type RemoteReleases = ReturnType<typeof createRemoteReleases>;

export function createRemoteReleases(
  store: RemoteReleaseStore,
  initialUrls: Record<RemoteName, string>,
  now: () => number = Date.now,
) {
  let cached: { at: number; value: Promise<ReleaseSnapshot> } | undefined;

  async function load(): Promise<ReleaseSnapshot> {
    const [live, canaries] = await Promise.all([store.live(), store.canaries()]);
    const snapshot = {} as ReleaseSnapshot;
    for (const remote of REMOTE_NAMES) {
      const [current, previous] = live.filter((r) => r.remote === remote).map(toRelease);
      const initial = initialRelease(remote, initialUrls[remote]);
      const canary = canaries.find((c) => c.remote === remote);
      snapshot[remote] = {
        current: current ?? initial,
        previous: current ? (previous ?? initial) : null,
        canary: canary ? toCanary(canary) : null,
      };
    }
    return snapshot;
  }

  function snapshot(): Promise<ReleaseSnapshot> {
    if (!cached || now() - cached.at >= RELEASES_CACHE_MS) {
      const value = load();
      cached = { at: now(), value };
      // A failed read is not kept: the next request asks the database again.
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  }

  /** A write through this instance is seen by its next page at once. */
  const changed = () => {
    cached = undefined;
  };

  return {
    snapshot,

    /** What one visitor or user (by id) loads: the canary for its sticky share, else the current release. */
    async runtimeRemotes(id: string): Promise<RuntimeConfig['remotes']> {
      const state = await snapshot();
      const out = {} as RuntimeConfig['remotes'];
      for (const remote of REMOTE_NAMES) {
        const { current, previous, canary } = state[remote];
        if (canary && inCanary(remote, id, canary.percent)) {
          out[remote] = {
            manifestUrl: canary.url,
            version: canary.version,
            fallback: { manifestUrl: current.url, version: current.version },
          };
        } else {
          out[remote] = {
            manifestUrl: current.url,
            version: current.version,
            ...(previous ? { fallback: { manifestUrl: previous.url, version: previous.version } } : {}),
          };
        }
      }
      return out;
    },

    async listing(): Promise<RemotesListing> {
      const state = await snapshot();
      const remotes = {} as RemotesListing['remotes'];
      for (const remote of REMOTE_NAMES) {
        const { current, canary } = state[remote];
        remotes[remote] = {
          url: current.url,
          version: current.version,
          canary: canary ? { url: canary.url, version: canary.version, percent: canary.percent } : null,
        };
      }
      return { remotes };
    },

    async status(): Promise<RemoteStatus[]> {
      const state = await load();
      return Promise.all(
        REMOTE_NAMES.map(async (remote) => ({
          remote,
          ...state[remote],
          history: [
            ...(await store.history(remote, HISTORY_SHOWN)).map(toRelease),
            initialRelease(remote, initialUrls[remote]),
          ],
        })),
      );
    },

    async release(remote: RemoteName, url: string, version: string, releasedBy: string): Promise<RemoteRelease> {
      const row = await store.add({ remote, url, version, releasedBy, releasedAt: now() });
      changed();
      return toRelease(row);
    },

    /** The release rolled back, or undefined when the initial release is current (nothing to go back to). */
    async rollBack(remote: RemoteName): Promise<RemoteRelease | undefined> {
      const row = await store.rollBack(remote, now());
      changed();
      return row ? toRelease(row) : undefined;
    },

    async setCanary(remote: RemoteName, url: string, version: string, percent: number, releasedBy: string) {
      await store.setCanary({ remote, url, version, percent, releasedBy, startedAt: now() });
      changed();
    },

    async endCanary(remote: RemoteName): Promise<boolean> {
      const ended = await store.endCanary(remote);
      changed();
      return ended;
    },

    countFailure: (remote: RemoteName, url: string) => store.countFailure(remote, url),
  };
}
