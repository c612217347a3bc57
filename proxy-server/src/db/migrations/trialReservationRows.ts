/**
 * 0002: trial reservations are rows with their start time on SQLite too, as they always were on
 * PostgreSQL, so one trial store serves both. Nothing is carried over: reservations belong to requests
 * in flight, and migrations run before the server takes any (SQLite also forgets them at each start).
 */
import { isPostgres } from '../dialect';
import { columnTypes, type MigrationDb, notNull } from './columnTypes';

export const trialReservationRows = {
  async up(db: MigrationDb) {
    if (isPostgres(db)) return;
    await db.schema.dropTable('trial_ip_reservations').execute();
    await db.schema.alterTable('trial_visitors').dropColumn('reserved').execute();
    await columnTypes(db)
      .withId(db.schema.createTable('trial_reservations'))
      .addColumn('visitor_id', 'text', notNull)
      .addColumn('ip_hash', 'text', notNull)
      .addColumn('reserved_at', 'integer', notNull)
      .execute();
    const index = (name: string, column: string) =>
      db.schema.createIndex(name).on('trial_reservations').columns([column, 'reserved_at']).execute();
    await index('trial_reservations_by_visitor', 'visitor_id');
    await index('trial_reservations_by_ip', 'ip_hash');
  },
};
