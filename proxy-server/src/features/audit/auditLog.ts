/** [teams] The audit log as the routes write and read it: who did what, when, in which space. */
import type { AuditAction, AuditEntry } from '@prompt-perfect/core/api/orgs';

export interface AuditEvent {
  /** The space's owner key (auth/space.ts): a user id or org:<id>. */
  ownerId: string;
  actor: { id: string; name: string };
  action: AuditAction;
  prompt?: string | null;
  /** For people: "production: v3 -> v4". */
  summary: string;
  details?: Record<string, unknown>;
}

export interface AuditFilter {
  prompt?: string;
  actorId?: string;
  /** Entries older than this id (paging, newest first). */
  before?: number;
  limit: number;
}

export interface AuditLog {
  record(event: AuditEvent, now: number): Promise<void>;
  list(ownerId: string, filter: AuditFilter): Promise<AuditEntry[]>;
}
