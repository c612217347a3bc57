/** WebhookStore on the embedded SQLite database. */
import type { Db } from '../../db';
import { type DeliveryRow, toDelivery, toWebhook, type WebhookRow, type WebhookStore } from './webhookStore';

export function createSqliteWebhookStore(db: Db): WebhookStore {
  const q = {
    get: db.prepare<[string], WebhookRow>('SELECT url, secret, created_at FROM prompt_webhooks WHERE user_id = ?'),
    set: db.prepare<[string, string, string, number]>(
      `INSERT INTO prompt_webhooks (user_id, url, secret, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, created_at = excluded.created_at`,
    ),
    remove: db.prepare<[string]>('DELETE FROM prompt_webhooks WHERE user_id = ?'),
    enqueue: db.prepare<[string, string, string, number, number]>(
      "INSERT INTO prompt_webhook_deliveries (user_id, url, payload, status, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?)",
    ),
    one: db.prepare<[number], DeliveryRow>('SELECT * FROM prompt_webhook_deliveries WHERE id = ?'),
    record: db.prepare<[string, number, number | null, string | null, number, number]>(
      'UPDATE prompt_webhook_deliveries SET status = ?, attempts = ?, last_response = ?, last_error = ?, updated_at = ? WHERE id = ?',
    ),
    list: db.prepare<[string, number], DeliveryRow>(
      'SELECT * FROM prompt_webhook_deliveries WHERE user_id = ? ORDER BY id DESC LIMIT ?',
    ),
  };
  return {
    async get(userId) {
      const row = q.get.get(userId);
      return row ? toWebhook(row) : undefined;
    },
    async set(userId, url, secret, now) {
      q.set.run(userId, url, secret, now);
      return toWebhook(q.get.get(userId) as WebhookRow);
    },
    async remove(userId) {
      return q.remove.run(userId).changes > 0;
    },
    async enqueue(userId, url, payload, now) {
      const id = Number(q.enqueue.run(userId, url, payload, now, now).lastInsertRowid);
      return toDelivery(q.one.get(id) as DeliveryRow);
    },
    async record(id, status, attempts, lastResponse, lastError, now) {
      q.record.run(status, attempts, lastResponse, lastError, now, id);
    },
    async deliveries(userId, limit) {
      return q.list.all(userId, limit).map(toDelivery);
    },
  };
}
