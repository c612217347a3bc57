import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { REMOTES, REMOTE_NAMES, type RemoteName } from '@prompt-perfect/core/contracts/remotes';
import type { RuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import { boundedLoadingPlugin } from './boundedLoadingPlugin';

let configuredRemotes: RuntimeConfig['remotes'] | null = null;

/** The retry plugin's own fetch hook has no timeout; ours replaces it, its script retries stay. */
function scriptRetryPlugin() {
  const { fetch: _unboundedFetch, ...plugin } = RetryPlugin({
    script: { retryTimes: 1, retryDelay: 300 },
  });
  return plugin;
}

function remoteDefinition(name: RemoteName) {
  if (!configuredRemotes) throw new Error('Remotes are not configured yet.');
  const manifestUrl = new URL(configuredRemotes[name].manifestUrl, window.location.href).href;
  return { name: REMOTES[name].container, entry: manifestUrl };
}

export function registerAppRemotes(config: RuntimeConfig): void {
  configuredRemotes = config.remotes;
  registerPlugins([boundedLoadingPlugin(config.remoteTimeouts), scriptRetryPlugin()]);
  registerRemotes(REMOTE_NAMES.map(remoteDefinition));
}

/** Forgets a failed remote so the next load starts from its manifest again (Retry button). */
export function resetRemote(name: RemoteName): void {
  registerRemotes([remoteDefinition(name)], { force: true });
}
