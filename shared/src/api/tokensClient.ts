/** Personal API tokens (core/api/prove): REST callers send one as `Authorization: Bearer <token>`. */
import type { ApiTokenInfo, CreatedApiToken } from '@prompt-perfect/core/api/prove';
import { apiRequest, apiResponse } from './client';

export async function listApiTokens(signal?: AbortSignal): Promise<ApiTokenInfo[]> {
  return (await apiRequest<{ items: ApiTokenInfo[] }>('/api/tokens', { signal })).items;
}

export const createApiToken = (name: string) => apiRequest<CreatedApiToken>('/api/tokens', { body: { name } });

export async function revokeApiToken(id: number): Promise<void> {
  await apiResponse(`/api/tokens/${id}`, { method: 'DELETE' });
}
