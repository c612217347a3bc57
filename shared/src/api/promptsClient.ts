/** [registry] named prompts (core/api/registry), as the workspace calls them with the session. */
import type { MoveLabel, PromptLabels, PromptSummary, PromptVersion, SavePromptVersion } from '@prompt-perfect/core/api/registry';
import { apiRequest } from './client';

const base = (name: string) => `/api/prompts/${encodeURIComponent(name)}`;

export async function listPrompts(signal?: AbortSignal): Promise<PromptSummary[]> {
  return (await apiRequest<{ items: PromptSummary[] }>('/api/prompts', { signal })).items;
}

export const savePromptVersion = (name: string, version: SavePromptVersion) => apiRequest<PromptVersion>(`${base(name)}/versions`, { body: version });

export async function listPromptVersions(name: string, signal?: AbortSignal): Promise<PromptVersion[]> {
  return (await apiRequest<{ items: PromptVersion[] }>(`${base(name)}/versions`, { signal })).items;
}

export const fetchPromptLabels = (name: string, signal?: AbortSignal) => apiRequest<PromptLabels>(`${base(name)}/labels`, { signal });

export const movePromptLabel = (name: string, label: string, move: MoveLabel) =>
  apiRequest<PromptLabels>(`${base(name)}/labels/${encodeURIComponent(label)}`, { method: 'PUT', body: move });

export const undoPromptLabel = (name: string, label: string, confirm: boolean) =>
  apiRequest<PromptLabels>(`${base(name)}/labels/${encodeURIComponent(label)}/undo`, { body: { confirm } });
