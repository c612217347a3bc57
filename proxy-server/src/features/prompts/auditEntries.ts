/** The audit entries the prompt routes write: who did it and in which space come from the request. */
import type { Request } from 'express';
import { signedInUser } from '../../auth/requireUser';
import { spaceOf } from '../../auth/space';
import type { AuditEvent, AuditLog } from '../audit/auditLog';

export type AuditEntryInput = Omit<AuditEvent, 'ownerId' | 'actor'>;
export type RecordAudit = (req: Request, entry: AuditEntryInput) => Promise<void>;

/**
 * Records into the request's space. The change it describes is already committed when this runs,
 * so a failure to record is logged rather than turned into an error for a change that happened.
 */
export function recordIn(audit: AuditLog | undefined): RecordAudit {
  return async (req, entry) => {
    if (!audit) return;
    const { id, name, email } = signedInUser(req);
    try {
      await audit.record(
        { ...entry, ownerId: spaceOf(req).ownerId, actor: { id, name: name || email || id } },
        Date.now(),
      );
    } catch (err) {
      req.log?.error({ err, action: entry.action }, 'recording an audit entry failed');
    }
  };
}
