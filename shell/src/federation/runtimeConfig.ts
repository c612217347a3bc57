import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@prompt-perfect/shared/contracts/runtimeConfig';

const CONFIG_TIMEOUT_MS = 10_000;

/** Reads the remotes' URLs and the identity mode served beside the shell (no rebuild to move a remote). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, {
    cache: 'no-store',
    signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Runtime configuration answered ${response.status}.`);
  const config = (await response.json()) as RuntimeConfig;
  if (config.auth.mode === 'clerk' && !config.auth.publishableKey) {
    // Spec: a missing identity publishable key is a start-up error, not a silent fallback.
    throw new Error('Clerk is selected (AUTH_MODE=clerk) but no publishable key is configured.');
  }
  return config;
}
