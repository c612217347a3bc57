/** WebhookStore on PostgreSQL: the SQLite store's queries in PostgreSQL's dialect. */
import type { Pool } from '../postgres/pgPool';
import { type DeliveryRow, toDelivery, toWebhook, type WebhookRow, type WebhookStore } from './webhookStore';

export function createPgWebhookStore(pool: Pool): WebhookStore {
  return {
    async get(userId) {
      const { rows } = await pool.query<WebhookRow>(
        'SELECT url, secret, created_at FROM prompt_webhooks WHERE user_id = $1',
        [userId],
      );
      return rows[0] ? toWebhook(rows[0]) : undefined;
    },
    async set(userId, url, secret, now) {
      const { rows } = await pool.query<WebhookRow>(
        `INSERT INTO prompt_webhooks (user_id, url, secret, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret, created_at = EXCLUDED.created_at
         RETURNING url, secret, created_at`,
        [userId, url, secret, now],
      );
      return toWebhook(rows[0]);
    },
    async remove(userId) {
      const { rowCount } = await pool.query('DELETE FROM prompt_webhooks WHERE user_id = $1', [userId]);
      return (rowCount ?? 0) > 0;
    },
    async enqueue(userId, url, payload, now) {
      const { rows } = await pool.query<DeliveryRow>(
        "INSERT INTO prompt_webhook_deliveries (user_id, url, payload, status, created_at, updated_at) VALUES ($1, $2, $3, 'pending', $4, $4) RETURNING *",
        [userId, url, payload, now],
      );
      return toDelivery(rows[0]);
    },
    async record(id, status, attempts, lastResponse, lastError, now) {
      await pool.query(
        'UPDATE prompt_webhook_deliveries SET status = $1, attempts = $2, last_response = $3, last_error = $4, updated_at = $5 WHERE id = $6',
        [status, attempts, lastResponse, lastError, now, id],
      );
    },
    async deliveries(userId, limit) {
      const { rows } = await pool.query<DeliveryRow>(
        'SELECT * FROM prompt_webhook_deliveries WHERE user_id = $1 ORDER BY id DESC LIMIT $2',
        [userId, limit],
      );
      return rows.map(toDelivery);
    },
  };
}
