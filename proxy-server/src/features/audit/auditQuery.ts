/** GET /audit's query: filters, paging and the export format, each refused with one clear sentence. */
import type { Request } from 'express';
import { PROMPT_NAME, PROMPT_NAME_RULE } from '@prompt-perfect/core/api/registry';
import { BadRequest } from '../../http/httpError';
import { idParam } from '../../http/idParam';
import type { AuditFilter } from './auditLog';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** An export holds the newest entries that match, up to this many. */
export const AUDIT_EXPORT_MAX = 10_000;
export const AUDIT_FORMATS = ['json', 'csv'] as const;
type AuditFormat = (typeof AUDIT_FORMATS)[number];

const one = (req: Request, key: string): string | undefined => {
  const v = req.query[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new BadRequest(`Give '${key}' once.`);
  return v;
};

export function auditQuery(req: Request): { filter: AuditFilter; format: AuditFormat | undefined } {
  const format = one(req, 'format');
  if (format !== undefined && !AUDIT_FORMATS.includes(format as AuditFormat))
    throw new BadRequest(`The export format must be one of ${AUDIT_FORMATS.join(', ')}.`);
  const max = format ? AUDIT_EXPORT_MAX : AUDIT_PAGE_MAX;
  const prompt = one(req, 'prompt');
  if (prompt !== undefined && !PROMPT_NAME.test(prompt))
    throw new BadRequest(`A prompt name uses ${PROMPT_NAME_RULE}.`);
  const actorId = one(req, 'actor');
  if (actorId !== undefined && (actorId.length === 0 || actorId.length > 200))
    throw new BadRequest("'actor' must be a user id (1 to 200 characters).");
  const before = one(req, 'before');
  const limit = one(req, 'limit');
  if (limit !== undefined && (!/^\d{1,6}$/.test(limit) || Number(limit) < 1 || Number(limit) > max))
    throw new BadRequest(`'limit' must be a whole number from 1 to ${max}.`);
  return {
    format: format as AuditFormat | undefined,
    filter: {
      prompt,
      actorId,
      before: before === undefined ? undefined : idParam(before),
      limit: limit === undefined ? (format ? AUDIT_EXPORT_MAX : AUDIT_PAGE_DEFAULT) : Number(limit),
    },
  };
}
