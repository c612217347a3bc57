/** The browser's calls for organizations (core/api/orgs): the switcher, members, invitations, audit, shares. */
import type {
  AuditEntry,
  CreatedInvite,
  InvitePreview,
  OrgInvite,
  OrgMember,
  OrgRole,
  OrgSummary,
  SharedPrompt,
} from '@prompt-perfect/core/api/orgs';
import { apiRequest, apiResponse } from '../api/client';

const orgPath = (org: string) => `/api/orgs/${encodeURIComponent(org)}`;

export async function listOrgs(signal?: AbortSignal): Promise<OrgSummary[]> {
  return (await apiRequest<{ items: OrgSummary[] }>('/api/orgs', { signal })).items;
}

export const createOrg = (name: string) => apiRequest<OrgSummary>('/api/orgs', { body: { name } });

export async function listMembers(org: string, signal?: AbortSignal): Promise<OrgMember[]> {
  return (await apiRequest<{ items: OrgMember[] }>(`${orgPath(org)}/members`, { signal })).items;
}

export const changeMemberRole = (org: string, userId: string, role: OrgRole) =>
  apiRequest<OrgMember>(`${orgPath(org)}/members/${encodeURIComponent(userId)}`, { method: 'PUT', body: { role } });

/** Removes a member; with one's own id, leaves the organization. */
export async function removeMember(org: string, userId: string): Promise<void> {
  await apiResponse(`${orgPath(org)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export async function listInvites(org: string, signal?: AbortSignal): Promise<OrgInvite[]> {
  return (await apiRequest<{ items: OrgInvite[] }>(`${orgPath(org)}/invites`, { signal })).items;
}

export const createInvite = (org: string, role: OrgRole, email?: string) =>
  apiRequest<CreatedInvite>(`${orgPath(org)}/invites`, { body: email ? { role, email } : { role } });

export async function revokeInvite(org: string, id: number): Promise<void> {
  await apiResponse(`${orgPath(org)}/invites/${id}`, { method: 'DELETE' });
}

export const previewInvite = (token: string, signal?: AbortSignal) =>
  apiRequest<InvitePreview>(`/api/invites/${encodeURIComponent(token)}`, { signal });

export const acceptInvite = (token: string) =>
  apiRequest<OrgSummary>(`/api/invites/${encodeURIComponent(token)}/accept`, { method: 'POST' });

export interface AuditFilter {
  prompt?: string;
  actor?: string;
}

/** The audit list's URL; with a format, the export's (a plain link downloads it with the session cookie). */
export function auditUrl(org: string, filter: AuditFilter = {}, format?: 'csv' | 'json'): string {
  const query = new URLSearchParams();
  if (filter.prompt) query.set('prompt', filter.prompt);
  if (filter.actor) query.set('actor', filter.actor);
  if (format) query.set('format', format);
  const search = query.toString();
  return `${orgPath(org)}/audit${search ? `?${search}` : ''}`;
}

export async function listAudit(org: string, filter: AuditFilter, signal?: AbortSignal): Promise<AuditEntry[]> {
  return (await apiRequest<{ items: AuditEntry[] }>(auditUrl(org, filter), { signal })).items;
}

export const fetchSharedPrompt = (token: string, signal?: AbortSignal) =>
  apiRequest<SharedPrompt>(`/api/shared/${encodeURIComponent(token)}`, { signal });
