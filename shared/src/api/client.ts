import { proxyErrorText } from '@prompt-perfect/core/messages';
import { ApiError, errorOf, readJson, send, SERVER_UNREACHABLE_MESSAGE } from './http';
import type {
  LocalSignInRequest,
  ProvidersResponse,
  SessionResponse,
  TrialStatusResponse,
} from '@prompt-perfect/core/api/types';

type ApiInit = { method?: string; body?: unknown; signal?: AbortSignal; space?: string | null };

/**
 * A request to our own server, answered with a success status (or one of `alsoFine`). Throws
 * ApiError with a user-facing message on any other answer or when the server cannot be reached.
 */
export async function apiResponse(path: string, init: ApiInit = {}, alsoFine: number[] = []): Promise<Response> {
  let response: Response;
  try {
    response = await send(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(SERVER_UNREACHABLE_MESSAGE, 0);
  }
  if (response.ok || alsoFine.includes(response.status)) return response;
  const body = await readJson(response);
  throw new ApiError(errorOf(body) ?? proxyErrorText(response.status), response.status, body);
}

/** JSON request to our own server. Throws ApiError with a user-facing message on any failure. */
export async function apiRequest<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  const body = await readJson(response);
  if (body === undefined) throw new ApiError(proxyErrorText(response.status), response.status);
  return body as T;
}

export const fetchSession = () => apiRequest<SessionResponse>('/api/auth/session');
export const signInLocal = (request: LocalSignInRequest) =>
  apiRequest<SessionResponse>('/api/auth/local/sign-in', { body: request });
export const signOutSession = () => apiRequest<SessionResponse>('/api/auth/sign-out', { method: 'POST' });

export const fetchProviders = (signal?: AbortSignal) => apiRequest<ProvidersResponse>('/api/providers', { signal });
/** Asks the server to fetch the providers' model lists again now (signed in). */
export const refreshProviders = () => apiRequest<ProvidersResponse>('/api/providers/refresh', { method: 'POST' });
export const fetchTrialStatus = () => apiRequest<TrialStatusResponse>('/api/trial/status');

export { ApiError, SERVER_UNREACHABLE_MESSAGE } from './http';
