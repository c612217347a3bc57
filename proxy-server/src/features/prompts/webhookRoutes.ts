/** /api[/orgs/:org]/prompts/_webhook: the space's optional webhook for label moves, and its deliveries. */
import { randomBytes } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { requireAction } from '../../auth/space';
import { BadRequest } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import type { RecordAudit } from './auditEntries';
import { webhookUrlProblem } from './webhookAddress';
import type { WebhookStore } from './webhookStore';

const DELIVERIES_SHOWN = 50;

export const WebhookSchema = z.strictObject({
  url: z
    .string()
    .max(2_000)
    .refine((u) => /^https?:\/\/[^\s/]+/i.test(u) && URL.canParse(u), {
      message: 'must be an http:// or https:// URL.',
    }),
});

/** Mounted before the /prompts/:name routes, behind the same guards. Every call manages the webhook. */
export function createPromptWebhookRoutes(store: WebhookStore, allowPrivate: boolean, record: RecordAudit): Router {
  const router = express.Router();
  const ownerId = (req: Request) => requireAction(req, 'webhook.manage').ownerId;

  router.get('/prompts/_webhook', async (req, res) => {
    const owner = ownerId(req);
    const hook = await store.get(owner);
    res.json({
      webhook: hook ? { url: hook.url, createdAt: hook.createdAt } : null,
      deliveries: await store.deliveries(owner, DELIVERIES_SHOWN),
    });
  });

  // A new secret on every save: shown in this answer only.
  router.put('/prompts/_webhook', async (req, res) => {
    const owner = ownerId(req);
    const { url } = parseBody(WebhookSchema, req);
    const problem = await webhookUrlProblem(url, allowPrivate);
    if (problem) throw new BadRequest(`Field 'url' ${problem}`);
    const saved = await store.set(owner, url, `whsec_${randomBytes(24).toString('base64url')}`, Date.now());
    await record(req, { action: 'webhook.set', summary: `webhook: ${new URL(url).host}`, details: { url } });
    res.json(saved);
  });

  router.delete('/prompts/_webhook', async (req, res) => {
    const owner = ownerId(req);
    const had = await store.get(owner);
    await store.remove(owner);
    if (had) await record(req, { action: 'webhook.remove', summary: 'webhook removed', details: { url: had.url } });
    res.status(204).end();
  });

  return router;
}
