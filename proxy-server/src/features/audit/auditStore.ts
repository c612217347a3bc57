/** AuditLog on the database, one implementation for SQLite and PostgreSQL (table audit_log, 0003). */
import type { AuditAction, AuditEntry } from '@prompt-perfect/core/api/orgs';
import type { Selectable } from 'kysely';
import type { StorageDb } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { AuditLog } from './auditLog';

type AuditRow = Selectable<Database['audit_log']>;

const toEntry = (r: AuditRow): AuditEntry => ({
  id: Number(r.id),
  at: new Date(Number(r.at)).toISOString(),
  actor: { id: r.actor_id, name: r.actor_name },
  action: r.action as AuditAction,
  prompt: r.prompt,
  summary: r.summary,
  details: JSON.parse(r.details) as Record<string, unknown>,
});

export function createAuditLog(db: StorageDb): AuditLog {
  return {
    async record(event, now) {
      await db
        .insertInto('audit_log')
        .values({
          owner_id: event.ownerId,
          actor_id: event.actor.id,
          actor_name: event.actor.name,
          action: event.action,
          prompt: event.prompt ?? null,
          summary: event.summary,
          details: JSON.stringify(event.details ?? {}),
          at: now,
        })
        .execute();
    },
    async list(ownerId, filter) {
      let query = db.selectFrom('audit_log').selectAll().where('owner_id', '=', ownerId);
      if (filter.prompt !== undefined) query = query.where('prompt', '=', filter.prompt);
      if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
      if (filter.before !== undefined) query = query.where('id', '<', filter.before);
      const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toEntry);
    },
  };
}
