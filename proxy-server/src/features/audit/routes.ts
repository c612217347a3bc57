/**
 * GET /audit in the request's space (/api/audit for one's own, /api/orgs/:org/audit for an
 * organization, where the role needs 'audit.read'): newest first, filtered by prompt and person,
 * paged with ?before=<id>&limit=, or exported whole with ?format=csv|json as a download.
 */
import express, { type RequestHandler, type Router } from 'express';
import { requireAction } from '../../auth/space';
import { auditCsv } from './auditCsv';
import type { AuditLog } from './auditLog';
import { auditQuery } from './auditQuery';

export function createAuditRoutes(audit: AuditLog, guards: RequestHandler[]): Router {
  const router = express.Router();
  router.use('/audit', ...guards);
  router.get('/audit', async (req, res) => {
    const space = requireAction(req, 'audit.read');
    const { filter, format } = auditQuery(req);
    const items = await audit.list(space.ownerId, filter);
    if (!format) {
      res.json({ items });
      return;
    }
    const stamp = new Date().toISOString().slice(0, 10);
    const base = space.kind === 'org' ? `audit-${space.slug}-${stamp}` : `audit-${stamp}`;
    res.setHeader('Content-Disposition', `attachment; filename="${base}.${format}"`);
    if (format === 'csv') res.type('text/csv; charset=utf-8').send(auditCsv(items));
    else res.type('application/json').send(JSON.stringify({ items }, null, 2));
  });
  return router;
}
