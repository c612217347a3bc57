/** [registry] the account's webhook (one per account, optional) and the record of its deliveries. */
import type { SavedWebhook, WebhookDelivery, WebhookDeliveryStatus } from '@prompt-perfect/core/api/registry';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema';

export type Webhook = SavedWebhook;
export type Delivery = WebhookDelivery;

export interface WebhookStore {
  get(userId: string): Promise<Webhook | undefined>;
  set(userId: string, url: string, secret: string, now: number): Promise<Webhook>;
  remove(userId: string): Promise<boolean>;
  /** A new pending delivery. */
  enqueue(userId: string, url: string, payload: string, now: number): Promise<Delivery>;
  /** One attempt's outcome. */
  record(
    id: number,
    status: WebhookDeliveryStatus,
    attempts: number,
    lastResponse: number | null,
    lastError: string | null,
    now: number,
  ): Promise<void>;
  /** Newest first. */
  deliveries(userId: string, limit: number): Promise<Delivery[]>;
}

type WebhookRow = Pick<Database['prompt_webhooks'], 'url' | 'secret' | 'created_at'>;
type DeliveryRow = Selectable<Database['prompt_webhook_deliveries']>;

const iso = (ms: number) => new Date(ms).toISOString();
export const toWebhook = (r: WebhookRow): Webhook => ({ url: r.url, secret: r.secret, createdAt: iso(r.created_at) });
export const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  url: r.url,
  payload: r.payload,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  lastResponse: r.last_response,
  lastError: r.last_error,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
