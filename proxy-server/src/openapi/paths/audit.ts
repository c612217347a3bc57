/** [teams] The audit log of a space: who changed what, when; filtered, paged, exported. */
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditEntry } from '@prompt-perfect/core/api/orgs';
import { PROMPT_NAME } from '@prompt-perfect/core/api/registry';
import { AUDIT_EXPORT_MAX, AUDIT_FORMATS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../features/audit/auditQuery';
import { inBothSpaces } from '../inOrganization';
import type { Operation } from '../operation';
import { exact, iso } from '../responses';

const AuditEntrySchema = exact<AuditEntry>()(
  z
    .object({
      id: z.number().int(),
      at: iso,
      actor: z.object({ id: z.string(), name: z.string() }),
      action: z.enum(AUDIT_ACTIONS),
      prompt: z.string().nullable(),
      summary: z.string().meta({ description: 'What changed, for people: "production: v3 -> v4".' }),
      details: z.record(z.string(), z.unknown()),
    })
    .meta({ id: 'AuditEntry' }),
);

export const auditOperations: Operation[] = inBothSpaces([
  {
    method: 'get',
    path: '/api/audit',
    tag: 'Audit log',
    summary: 'The audit log, newest first',
    description: `In an organization the role needs 'audit.read' (admin or owner). Pages of \`limit\` entries (default ${AUDIT_PAGE_DEFAULT}, at most ${AUDIT_PAGE_MAX}); the next page: \`before\` = the last id. With \`format\` the answer is a download (\`Content-Disposition: attachment\`) of up to ${AUDIT_EXPORT_MAX} entries; in CSV a cell starting with = + - or @ gets a leading \`'\`.`,
    access: 'sessionOrToken',
    query: z.object({
      prompt: z.string().regex(PROMPT_NAME).optional().meta({ description: 'Only entries about this prompt.' }),
      actor: z.string().optional().meta({ description: 'Only entries by this user id.' }),
      before: z.string().regex(/^\d+$/).optional().meta({ description: 'Only entries older than this id.' }),
      limit: z.string().regex(/^\d+$/).optional(),
      format: z.enum(AUDIT_FORMATS).optional().meta({ description: 'Export as a file.' }),
    }),
    ok: {
      status: 200,
      description: 'The entries (JSON), or the export file.',
      schema: z.object({ items: z.array(AuditEntrySchema) }),
      contentType: ['application/json', 'text/csv'],
    },
    errors: { 400: 'A bad filter, limit or format.', 403: 'Your role in the organization may not read the audit log.' },
  },
]);
