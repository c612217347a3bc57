import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { REMOTES, REMOTE_NAMES, type RemoteName } from '@prompt-perfect/core/contracts/remotes';
import type { RemoteRuntimeConfig, RuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import { boundedLoadingPlugin } from './boundedLoadingPlugin';
import { failedRecently, reportFailedRelease } from './releaseFallback';

type Release = Pick<RemoteRuntimeConfig, 'manifestUrl' | 'version'>;

let configuredRemotes: RuntimeConfig['remotes'] | null = null;
/** The release each remote loads from now: the page's, or its last good one after a failure. */
const active = new Map<RemoteName, Release>();

/** The retry plugin's own fetch hook has no timeout; ours replaces it, its script retries stay. */
function scriptRetryPlugin() {
  const { fetch: _unboundedFetch, ...plugin } = RetryPlugin({
    script: { retryTimes: 1, retryDelay: 300 },
  });
  return plugin;
}

function remoteDefinition(name: RemoteName) {
  const release = active.get(name);
  if (!release) throw new Error('Remotes are not configured yet.');
  const manifestUrl = new URL(release.manifestUrl, window.location.href).href;
  return { name: REMOTES[name].container, entry: manifestUrl };
}

/** A release that failed in this browser a moment ago is skipped for its last good one. */
function startingRelease(name: RemoteName, configured: RemoteRuntimeConfig): Release {
  return configured.fallback && failedRecently(name, configured.manifestUrl) ? configured.fallback : configured;
}

export function registerAppRemotes(config: RuntimeConfig): void {
  configuredRemotes = config.remotes;
  for (const name of REMOTE_NAMES) active.set(name, startingRelease(name, config.remotes[name]));
  registerPlugins([boundedLoadingPlugin(config.remoteTimeouts), scriptRetryPlugin()]);
  registerRemotes(REMOTE_NAMES.map(remoteDefinition));
}

/** Forgets a failed remote so the next load starts from its manifest again (Retry button). */
export function resetRemote(name: RemoteName): void {
  registerRemotes([remoteDefinition(name)], { force: true });
}

/** The release a load of `name` starts from (compare with activeRelease after a failure). */
export const activeRelease = (name: RemoteName): Release | undefined => active.get(name);

/**
 * After a load of `tried` failed: true when the remote now loads from another release (its last good
 * one, switched to here and reported, or already by a load that failed at the same time).
 */
export function fallBack(name: RemoteName, tried: Release | undefined, error: unknown): boolean {
  const now = active.get(name);
  if (now !== tried) return now !== undefined;
  const fallback = configuredRemotes?.[name].fallback;
  if (!tried || !fallback || tried.manifestUrl === fallback.manifestUrl) return false;
  console.warn(`[federation] ${name} ${tried.version ?? ''} failed to load; using ${fallback.version}`, error);
  reportFailedRelease(name, tried, error);
  active.set(name, fallback);
  resetRemote(name);
  return true;
}

/**
 * The version of each remote this page runs, or null when it runs a fallback (it stays on the last
 * good release on purpose) or has no version (a dev server's page).
 */
export function versionsInUse(): Partial<Record<RemoteName, string | null>> {
  const out: Partial<Record<RemoteName, string | null>> = {};
  for (const name of REMOTE_NAMES) {
    const release = active.get(name);
    if (!release) continue;
    out[name] = release === configuredRemotes?.[name] ? (release.version ?? null) : null;
  }
  return out;
}
