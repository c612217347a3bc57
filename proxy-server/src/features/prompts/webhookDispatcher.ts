/**
 * Sends the account's webhook a signed POST when a label moves: body JSON, header
 * `X-Prompt-Perfect-Signature: sha256=<hex HMAC-SHA256 of the body with the webhook's secret>`.
 * A receiver that fails (not 2xx, unreachable, over 10 s) is tried again after base, 4x and 16x
 * base; each attempt is recorded on the delivery. Retries live in this process: a restart leaves
 * a delivery pending. A retry is dropped once its webhook was removed or changed, or its account
 * deleted. Internal addresses are refused at every attempt (see webhookAddress.ts).
 */
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { Delivery, WebhookStore } from './webhookStore';
import type { LabelMovedEvent } from '@prompt-perfect/core/api/registry';
import { checkedLookup, literalRefused, WEBHOOK_INTERNAL, WebhookAddressError } from './webhookAddress';
import { postWebhook } from './webhookPost';

const ATTEMPTS = 4;
const TIMEOUT_MS = 10_000;

const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function createWebhookDispatcher(
  store: WebhookStore,
  retryBaseMs: number,
  logger: Logger,
  allowPrivate = false,
) {
  const timers = new Set<NodeJS.Timeout>();
  const lookup = checkedLookup(allowPrivate);
  const NOT_CALLED = `The receiver was not called: the webhook URL ${WEBHOOK_INTERNAL}`;

  async function attempt(userId: string, delivery: Delivery, secret: string, n: number): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    let final = false;
    try {
      if (literalRefused(delivery.url, allowPrivate)) throw new WebhookAddressError(NOT_CALLED);
      status = await postWebhook(
        delivery.url,
        {
          'content-type': 'application/json',
          'user-agent': 'PromptPerfect-Webhook/1',
          'x-prompt-perfect-event': 'label.moved',
          'x-prompt-perfect-delivery': String(delivery.id),
          'x-prompt-perfect-signature': signatureOf(secret, delivery.payload),
        },
        delivery.payload,
        { timeoutMs: TIMEOUT_MS, lookup },
      );
      if (status < 200 || status > 299) error = `The receiver answered ${status}.`;
    } catch (err) {
      // Refused addresses are not retried: they would be refused again.
      final = err instanceof WebhookAddressError;
      error = final ? NOT_CALLED : `The receiver could not be reached: ${(err as Error).message}`;
    }
    const done = error === null;
    const last = final || n >= ATTEMPTS;
    await store.record(delivery.id, done ? 'delivered' : last ? 'failed' : 'pending', n, status, error, Date.now());
    if (done || last) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        retry(userId, delivery, n + 1).catch((err: Error) =>
          logger.warn({ err, delivery: delivery.id }, 'webhook retry failed'),
        );
      },
      retryBaseMs * 4 ** (n - 1),
    );
    timer.unref();
    timers.add(timer);
  }

  /** Only while the account still has this webhook: a removed one, or a deleted account, gets nothing more. */
  async function retry(userId: string, delivery: Delivery, n: number): Promise<void> {
    const hook = await store.get(userId);
    if (!hook || hook.url !== delivery.url) return;
    await attempt(userId, delivery, hook.secret, n);
  }

  return {
    /** Queues and sends the event when the user has a webhook; never throws into the caller's request. */
    async notify(userId: string, event: LabelMovedEvent): Promise<void> {
      try {
        const hook = await store.get(userId);
        if (!hook) return;
        const delivery = await store.enqueue(userId, hook.url, JSON.stringify(event), Date.now());
        void attempt(userId, delivery, hook.secret, 1).catch((err: Error) =>
          logger.warn({ err, delivery: delivery.id }, 'webhook delivery failed'),
        );
      } catch (err) {
        logger.warn({ err }, 'webhook could not be queued');
      }
    },
    stop(): void {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
