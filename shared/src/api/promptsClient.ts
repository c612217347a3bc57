/** [registry] named prompts (core/api/registry), as the workspace calls them with the session. */
import type {
  ExportFormat,
  ImportFormat,
  ImportSummary,
  MoveLabel,
  PromptLabels,
  PromptSummary,
  PromptVersion,
  SavedWebhook,
  SavePromptVersion,
  WebhookStatus,
} from '@prompt-perfect/core/api/registry';
import type { CreatedShareLink, ShareLinkInfo } from '@prompt-perfect/core/api/orgs';
import { apiRequest, apiResponse } from './client';

const base = (name: string) => `/api/prompts/${encodeURIComponent(name)}`;

export async function listPrompts(signal?: AbortSignal): Promise<PromptSummary[]> {
  return (await apiRequest<{ items: PromptSummary[] }>('/api/prompts', { signal })).items;
}

export const savePromptVersion = (name: string, version: SavePromptVersion) =>
  apiRequest<PromptVersion>(`${base(name)}/versions`, { body: version });

export async function listPromptVersions(name: string, signal?: AbortSignal): Promise<PromptVersion[]> {
  return (await apiRequest<{ items: PromptVersion[] }>(`${base(name)}/versions`, { signal })).items;
}

export const fetchPromptLabels = (name: string, signal?: AbortSignal) =>
  apiRequest<PromptLabels>(`${base(name)}/labels`, { signal });

export const movePromptLabel = (name: string, label: string, move: MoveLabel) =>
  apiRequest<PromptLabels>(`${base(name)}/labels/${encodeURIComponent(label)}`, { method: 'PUT', body: move });

export const undoPromptLabel = (name: string, label: string, confirm: boolean) =>
  apiRequest<PromptLabels>(`${base(name)}/labels/${encodeURIComponent(label)}/undo`, { body: { confirm } });

export const importPrompts = (format: ImportFormat, content: string) =>
  apiRequest<ImportSummary>('/api/prompts/_import', { body: { format, content } });

/** The export file as the server names and types it, ready to save. */
export async function exportPrompts(format: ExportFormat, label?: string): Promise<{ file: Blob; fileName: string }> {
  const query = new URLSearchParams({ format });
  if (label) query.set('label', label);
  const response = await apiResponse(`/api/prompts/_export?${query}`);
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `prompts.${format === 'promptfoo' ? 'yaml' : 'json'}`;
  return { file: await response.blob(), fileName };
}

export const fetchWebhook = (signal?: AbortSignal) => apiRequest<WebhookStatus>('/api/prompts/_webhook', { signal });
export const saveWebhook = (url: string) =>
  apiRequest<SavedWebhook>('/api/prompts/_webhook', { method: 'PUT', body: { url } });

export async function removeWebhook(): Promise<void> {
  await apiResponse('/api/prompts/_webhook', { method: 'DELETE' });
}

/** What a share link shows: one version, or a label (the link follows it). */
export type ShareTarget = { version: number } | { label: string };

/** A read-only link to a version or label, optionally expiring after `expiresInDays`. */
export const createShareLink = (name: string, target: ShareTarget, expiresInDays?: number) =>
  apiRequest<CreatedShareLink>(`${base(name)}/share`, { body: { ...target, expiresInDays } });

/** The space's share links to the prompt `name`, revoked ones included. */
export async function listShareLinks(name: string, signal?: AbortSignal): Promise<ShareLinkInfo[]> {
  const query = new URLSearchParams({ prompt: name });
  return (await apiRequest<{ items: ShareLinkInfo[] }>(`/api/share-links?${query}`, { signal })).items;
}

/** Revokes a share link: its page stops opening at once. */
export async function revokeShareLink(id: number): Promise<void> {
  await apiResponse(`/api/share-links/${id}`, { method: 'DELETE' });
}
