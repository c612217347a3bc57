/**
 * 0003 [teams]: organizations, their members and invitations, the audit log, share links, and
 * tokens that act for an organization. A space's data (prompts, test sets, webhooks, spend) keeps
 * its `user_id` column: for an organization it holds the space owner key `org:<id>` (see
 * auth/space.ts), so the stores serve both kinds of space unchanged.
 */
import { columnTypes, type MigrationDb, notNull } from './columnTypes';

export const organizations = {
  async up(db: MigrationDb) {
    const { big, withId } = columnTypes(db);
    await db.schema
      .createTable('orgs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', notNull)
      .addColumn('created_by', 'text', notNull)
      .addColumn('created_at', big, notNull)
      .execute();
    await db.schema
      .createTable('org_members')
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', notNull)
      .addColumn('name', 'text', notNull)
      .addColumn('email', 'text', notNull)
      .addColumn('role', 'text', notNull)
      .addColumn('joined_at', big, notNull)
      .addPrimaryKeyConstraint('org_members_pkey', ['org_id', 'user_id'])
      .execute();
    await db.schema.createIndex('org_members_by_user').on('org_members').column('user_id').execute();
    await withId(db.schema.createTable('org_invites'))
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', notNull)
      .addColumn('email', 'text')
      .addColumn('created_by', 'text', notNull)
      .addColumn('created_at', big, notNull)
      .addColumn('expires_at', big, notNull)
      .addColumn('used_by', 'text')
      .addColumn('used_at', big)
      .execute();
    await withId(db.schema.createTable('audit_log'))
      .addColumn('owner_id', 'text', notNull)
      .addColumn('actor_id', 'text', notNull)
      .addColumn('actor_name', 'text', notNull)
      .addColumn('action', 'text', notNull)
      .addColumn('prompt', 'text')
      .addColumn('summary', 'text', notNull)
      .addColumn('details', 'text', notNull)
      .addColumn('at', big, notNull)
      .execute();
    await db.schema.createIndex('audit_log_by_owner').on('audit_log').columns(['owner_id', 'id']).execute();
    await withId(db.schema.createTable('share_links'))
      .addColumn('owner_id', 'text', notNull)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prompt_id', big, (c) => c.notNull().references('prompts.id').onDelete('cascade'))
      .addColumn('version', 'integer')
      .addColumn('label', 'text')
      .addColumn('created_by', 'text', notNull)
      .addColumn('created_at', big, notNull)
      .addColumn('expires_at', big)
      .addColumn('revoked_at', big)
      .execute();
    await db.schema.createIndex('share_links_by_owner').on('share_links').column('owner_id').execute();
    // An organization's token: acts for org_id, within its scopes and its maker's current role.
    await db.schema.alterTable('api_tokens').addColumn('org_id', 'text').execute();
    await db.schema.alterTable('api_tokens').addColumn('revoked_at', big).execute();
    await db.schema.alterTable('api_tokens').addColumn('revoked_reason', 'text').execute();
  },
};
