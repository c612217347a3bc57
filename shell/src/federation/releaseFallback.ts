/**
 * A release that fails to load in this browser: reported to the server (it counts failures per
 * release, so the operator sees them) and remembered for a while, so the next pages start from the
 * last good release at once instead of failing again first.
 */
import { REMOTE_FAILURES_PATH, type RemoteLoadFailure } from '@prompt-perfect/core/api/remotes';
import type { RemoteName } from '@prompt-perfect/core/contracts/remotes';

const REMEMBER_MS = 60 * 60 * 1000;
const keyOf = (remote: RemoteName) => `promptPerfectFailedRelease:${remote}`;

export function failedRecently(remote: RemoteName, manifestUrl: string): boolean {
  try {
    const stored = JSON.parse(window.localStorage.getItem(keyOf(remote)) ?? 'null') as {
      url?: string;
      at?: number;
    } | null;
    return stored?.url === manifestUrl && typeof stored.at === 'number' && Date.now() - stored.at < REMEMBER_MS;
  } catch {
    return false;
  }
}

export function reportFailedRelease(
  remote: RemoteName,
  release: { manifestUrl: string; version?: string },
  error: unknown,
): void {
  try {
    window.localStorage.setItem(keyOf(remote), JSON.stringify({ url: release.manifestUrl, at: Date.now() }));
  } catch {
    // storage full or blocked: the next page tries this release again
  }
  const failure: RemoteLoadFailure = {
    remote,
    url: release.manifestUrl,
    version: release.version ?? '',
    message: (error instanceof Error ? error.message : String(error)).slice(0, 500),
  };
  void fetch(REMOTE_FAILURES_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(failure),
    keepalive: true,
  }).catch(() => undefined);
}
