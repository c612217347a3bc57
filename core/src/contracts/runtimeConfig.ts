import type { RemoteName } from './remotes';

/**
 * Served by proxy-server at /runtime-config.json and read by the shell at start-up, so remote
 * URLs and the identity mode change without rebuilding any front end. Nothing secret goes here.
 */
/**
 * The release of a remote this page loads (a canary for a sticky share of visitors), and the last
 * good release before it: the browser falls back to that one if this one fails to load.
 */
export interface RemoteRuntimeConfig {
  manifestUrl: string;
  version?: string;
  fallback?: { manifestUrl: string; version: string };
}

export interface RuntimeConfig {
  remotes: Record<RemoteName, RemoteRuntimeConfig>;
  auth: AuthRuntimeConfig;
  /** Bounds for loading a remote; chunks use each remote's output.chunkLoadTimeout (120 s). */
  remoteTimeouts: { manifestMs: number; entryMs: number };
}

export type AuthRuntimeConfig = { mode: 'local' } | { mode: 'clerk'; publishableKey: string };

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
/** The server also writes the configuration into the page it serves, as JSON in this element. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
/** With the local identity, the page also carries the session it was served for (GET /api/auth/session's answer). */
export const INITIAL_SESSION_ELEMENT_ID = 'initial-session';
