import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

interface LoadBounds {
  manifestMs: number;
  entryMs: number;
}

const MANIFEST_RETRY_DELAY_MS = 300;

/**
 * Bounds every step of loading a remote. The runtime fetches mf-manifest.json with a plain
 * fetch() and no timeout, so a remote that accepts the connection and never answers would
 * leave its slot loading forever. Refused connections get one quick retry.
 */
export function boundedLoadingPlugin({ manifestMs, entryMs }: LoadBounds): ModuleFederationRuntimePlugin {
  const fetchBounded = (url: string, init: RequestInit) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(manifestMs) });

  return {
    name: 'prompt-perfect-bounded-loading',
    async fetch(url, init) {
      try {
        return await fetchBounded(url, init);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') throw error;
        await new Promise((resolve) => setTimeout(resolve, MANIFEST_RETRY_DELAY_MS));
        return fetchBounded(url, init);
      }
    },
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      return { script, timeout: entryMs };
    },
    errorLoadRemote({ id, error }) {
      console.warn(`[federation] could not load ${id}`, error);
      // Returning nothing lets loadRemote reject; the slot's boundary shows the fallback.
    },
  };
}
