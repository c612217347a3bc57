/**
 * 0004 [teams, auditshare]: a share link keeps its maker's name, which the signed-out page shows as
 * "shared by" (created_by holds the maker's user id, never shown there).
 */
import type { MigrationDb } from './columnTypes';

export const shareLinkMakerName = {
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('share_links')
      .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
