import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@prompt-perfect/core/contracts/runtimeConfig';

const CONFIG_TIMEOUT_MS = 10_000;

/** The configuration proxy-server wrote into the page, or undefined (a dev server's plain page). */
function embeddedConfig(): RuntimeConfig | undefined {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as RuntimeConfig;
    return parsed?.remotes && parsed.auth ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function fetchedConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, {
    cache: 'no-store',
    signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Runtime configuration answered ${response.status}.`);
  return (await response.json()) as RuntimeConfig;
}

/**
 * The remotes' URLs and the identity mode (no rebuild to move a remote): from the page when the
 * server wrote them in, which saves a round trip before any remote can load; else from
 * /runtime-config.json.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = embeddedConfig() ?? (await fetchedConfig());
  if (config.auth.mode === 'clerk' && !config.auth.publishableKey) {
    // Spec: a missing identity publishable key is a start-up error, not a silent fallback.
    throw new Error('Clerk is selected (AUTH_MODE=clerk) but no publishable key is configured.');
  }
  return config;
}
