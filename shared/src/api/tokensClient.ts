/** Personal API tokens (core/api/prove): REST callers send one as `Authorization: Bearer <token>`. */
import type { ApiTokenInfo, CreatedApiToken, TokenScope } from '@prompt-perfect/core/api/tokens';
import { apiRequest, apiResponse } from './client';

export async function listApiTokens(signal?: AbortSignal): Promise<ApiTokenInfo[]> {
  return (await apiRequest<{ items: ApiTokenInfo[] }>('/api/tokens', { signal })).items;
}

export const createApiToken = (name: string, scopes: TokenScope[]) =>
  apiRequest<CreatedApiToken>('/api/tokens', { body: { name, scopes } });

export async function revokeApiToken(id: number): Promise<void> {
  await apiResponse(`/api/tokens/${id}`, { method: 'DELETE' });
}
