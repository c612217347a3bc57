/** /api/prompts/_webhook: the account's optional webhook for label moves, and its deliveries. */
import { randomBytes } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../../auth/requireUser';
import { BadRequest } from '../../http/httpError';
import { parseBody } from '../../http/validate';
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

/** Mounted before the /prompts/:name routes, behind the same guards. */
export function createPromptWebhookRoutes(store: WebhookStore, allowPrivate: boolean): Router {
  const router = express.Router();
  const userId = (req: Request) => signedInUser(req).id;

  router.get('/prompts/_webhook', async (req, res) => {
    const hook = await store.get(userId(req));
    res.json({
      webhook: hook ? { url: hook.url, createdAt: hook.createdAt } : null,
      deliveries: await store.deliveries(userId(req), DELIVERIES_SHOWN),
    });
  });

  // A new secret on every save: shown in this answer only.
  router.put('/prompts/_webhook', async (req, res) => {
    const { url } = parseBody(WebhookSchema, req);
    const problem = await webhookUrlProblem(url, allowPrivate);
    if (problem) throw new BadRequest(`Field 'url' ${problem}`);
    res.json(await store.set(userId(req), url, `whsec_${randomBytes(24).toString('base64url')}`, Date.now()));
  });

  router.delete('/prompts/_webhook', async (req, res) => {
    await store.remove(userId(req));
    res.status(204).end();
  });

  return router;
}
