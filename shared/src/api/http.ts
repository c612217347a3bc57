/** The fetch layer every /api call shares: auth header, JSON bodies, user-facing failures. */
// By package path: each remote must reach the one shared auth store, not a bundled copy.
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { pathInSpace, spacePath } from './spacePath';

/**
 * An /api call that failed; `message` is ready to show to the user. Remotes may hold their own
 * copy of this module (Module Federation shares entry modules, not their relative imports), so
 * code in another remote reads `status` and `body` rather than relying on instanceof.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
    /** From a 429's retry-after header: when the server says to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A retry-after header in whole seconds, when it holds a positive number of them. */
export function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export const SERVER_UNREACHABLE_MESSAGE =
  'Could not reach the Prompt Perfect server. Check your connection and try again.';

export function isLocalhost(): boolean {
  return typeof window !== 'undefined' && ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await useAuthStore.getState().getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A request to our own server, sent to a space's copy of an account-data path (./spacePath): the
 * space chosen now, or `space` (an organization's slug, null for personal) for a change queued earlier.
 */
export async function send(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; accept?: string; space?: string | null },
) {
  // The space at the call, not after the token arrives.
  const url = init.space === undefined ? spacePath(path) : pathInSpace(path, init.space);
  const headers: Record<string, string> = { Accept: init.accept ?? 'application/json', ...(await authHeaders()) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function errorOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  return undefined;
}
