/** Personal API tokens (core/api/prove): REST callers send one as `Authorization: Bearer <token>`. */
import type { ApiTokenInfo } from '@prompt-perfect/core/api/prove';
import { apiRequest, apiResponse } from './client';

export interface CreatedApiToken {
  /** Shown once: the server keeps only its hash. */
  token: string;
  info: ApiTokenInfo;
}

/** The contract does not fix the list's envelope: accept `{ items }` (like test sets) or a bare array. */
export async function listApiTokens(signal?: AbortSignal): Promise<ApiTokenInfo[]> {
  const body = await apiRequest<{ items: ApiTokenInfo[] } | ApiTokenInfo[]>('/api/tokens', { signal });
  return Array.isArray(body) ? body : body.items;
}

export const createApiToken = (name: string) => apiRequest<CreatedApiToken>('/api/tokens', { body: { name } });

export async function revokeApiToken(id: number): Promise<void> {
  await apiResponse(`/api/tokens/${id}`, { method: 'DELETE' });
}
