/** WebhookStore on the database, one implementation for SQLite and PostgreSQL. */
import type { StorageDb } from '../../db/dialect';
import { toDelivery, toWebhook, type WebhookStore } from './webhookStore';

export function createWebhookStore(db: StorageDb): WebhookStore {
  return {
    async get(userId) {
      const row = await db
        .selectFrom('prompt_webhooks')
        .select(['url', 'secret', 'created_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toWebhook(row) : undefined;
    },
    async set(userId, url, secret, now) {
      const row = await db
        .insertInto('prompt_webhooks')
        .values({ user_id: userId, url, secret, created_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            url: eb.ref('excluded.url'),
            secret: eb.ref('excluded.secret'),
            created_at: eb.ref('excluded.created_at'),
          })),
        )
        .returning(['url', 'secret', 'created_at'])
        .executeTakeFirstOrThrow();
      return toWebhook(row);
    },
    async remove(userId) {
      const result = await db.deleteFrom('prompt_webhooks').where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async enqueue(userId, url, payload, now) {
      const row = await db
        .insertInto('prompt_webhook_deliveries')
        .values({ user_id: userId, url, payload, status: 'pending', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDelivery(row);
    },
    async record(id, status, attempts, lastResponse, lastError, now) {
      await db
        .updateTable('prompt_webhook_deliveries')
        .set({ status, attempts, last_response: lastResponse, last_error: lastError, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async deliveries(userId, limit) {
      const rows = await db
        .selectFrom('prompt_webhook_deliveries')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toDelivery);
    },
  };
}
