import { useAuthStore } from '../auth/authStore';
import { proxyConnectionMessage, proxyErrorText } from '../messages';
import type {
  ClaudeRequest,
  GenerateRequest,
  LocalSignInRequest,
  ProvidersResponse,
  SessionResponse,
  TextResult,
  TrialOptimizeResponse,
  TrialStatusResponse,
} from './types';

/** An /api call that failed; `message` is ready to show to the user. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SERVER_UNREACHABLE_MESSAGE =
  'Could not reach the Prompt Perfect server. Check your connection and try again.';

function isLocalhost(): boolean {
  return typeof window !== 'undefined' && ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await useAuthStore.getState().getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function send(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal }) {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await authHeaders()) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function errorOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  return undefined;
}

/** JSON request to our own server. Throws ApiError with a user-facing message on any failure. */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await send(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(SERVER_UNREACHABLE_MESSAGE, 0);
  }
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(errorOf(body) ?? proxyErrorText(response.status), response.status, body);
  if (body === undefined) throw new ApiError(proxyErrorText(response.status), response.status);
  return body as T;
}

/** A model answer must be `{text}` or `{error}`; anything else is reported, not crashed on. */
function textOf(result: TextResult, status = 200): string {
  if (result && typeof result === 'object') {
    if ('text' in result && typeof result.text === 'string') return result.text;
    if ('error' in result && typeof result.error === 'string') throw new ApiError(result.error, status, result);
  }
  throw new ApiError(proxyErrorText(status), status, result);
}

export const fetchSession = () => apiRequest<SessionResponse>('/api/auth/session');
export const signInLocal = (request: LocalSignInRequest) =>
  apiRequest<SessionResponse>('/api/auth/local/sign-in', { body: request });
export const signOutSession = () => apiRequest<SessionResponse>('/api/auth/sign-out', { method: 'POST' });

export const fetchProviders = (signal?: AbortSignal) => apiRequest<ProvidersResponse>('/api/providers', { signal });
export const fetchTrialStatus = () => apiRequest<TrialStatusResponse>('/api/trial/status');

/**
 * The visitor's trial run. A refused or failed run still reports the server's remaining count,
 * so it is returned rather than thrown; only an unreachable server throws.
 */
export async function optimizeTrial(prompt: string): Promise<TrialOptimizeResponse> {
  try {
    return await apiRequest<TrialOptimizeResponse>('/api/trial/optimize', { body: { prompt } });
  } catch (error) {
    if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'remaining' in error.body) {
      return error.body as TrialOptimizeResponse;
    }
    throw error;
  }
}

/** A model call through the gateway (signed-in). Resolves to the text or throws with the message. */
export async function generate(request: GenerateRequest, signal?: AbortSignal): Promise<string> {
  return textOf(await apiRequest<TextResult>('/api/generate', { body: request, signal }));
}

/** The spec's /api/claude contract, with its connection-failure messages. */
export async function callClaude(request: ClaudeRequest, signal?: AbortSignal): Promise<string> {
  try {
    return textOf(await apiRequest<TextResult>('/api/claude', { body: request, signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) throw new ApiError(proxyConnectionMessage(isLocalhost()), 0);
    throw error;
  }
}
