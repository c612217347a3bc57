/** The signed-in user's data on the server: /api/me. Every call throws ApiError with a message to show. */
import type {
  AccountSettings,
  Favorite,
  HistoryPage,
  ImportRequest,
  ImportResult,
  NewFavorite,
  OfflineRunRecord,
  RecordedRun,
} from '@prompt-perfect/core/api/account';
import { apiRequest, apiResponse } from '../api/client';
import type { Stats } from '@prompt-perfect/core/progress/recordRun';

export const fetchSettings = () =>
  apiRequest<{ settings: AccountSettings }>('/api/me/settings').then((r) => r.settings);
export const putSettings = (settings: AccountSettings) =>
  apiRequest<{ settings: AccountSettings }>('/api/me/settings', { method: 'PUT', body: settings }).then(
    (r) => r.settings,
  );

export const fetchFavorites = () => apiRequest<{ favorites: Favorite[] }>('/api/me/favorites').then((r) => r.favorites);
export const postFavorite = (favorite: NewFavorite) =>
  apiRequest<{ favorite: Favorite }>('/api/me/favorites', { body: favorite }).then((r) => r.favorite);

export const fetchProgress = () => apiRequest<{ stats: Stats }>('/api/me/progress').then((r) => r.stats);
/** Records an offline run in `space` (an organization's slug, null for personal), or in the space chosen now. */
export const postOfflineRun = (run: OfflineRunRecord, space?: string | null) =>
  apiRequest<RecordedRun>('/api/me/runs', { body: run, space });

export const fetchHistory = (
  params: { cursor?: string; limit?: number; q?: string; chain?: number } = {},
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const suffix = query.size ? `?${query}` : '';
  return apiRequest<HistoryPage>(`/api/me/history${suffix}`, { signal });
};

export const importLegacyData = (request: ImportRequest) =>
  apiRequest<ImportResult>('/api/me/import', { body: request });

/** The account as one JSON file (GET /api/me/export), as a Blob ready to download. */
export async function exportAccount(): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiResponse('/api/me/export');
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'prompt-perfect-export.json';
  return { blob: await response.blob(), fileName };
}

/** DELETE /api/me: removes everything of this user on the server (and ends a local session). */
export const deleteAccountData = () => apiResponse('/api/me', { method: 'DELETE' }).then(() => undefined);

/** 404 means the favorite is already gone, which is what was asked. */
export const deleteFavorite = (id: number) =>
  apiResponse(`/api/me/favorites/${id}`, { method: 'DELETE' }, [404]).then(() => undefined);
