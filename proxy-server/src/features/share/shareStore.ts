/** ShareLinkStore on the database, one implementation for SQLite and PostgreSQL (share_links, 0003/0004). */
import type { ShareLinkInfo } from '@prompt-perfect/core/api/orgs';
import type { StorageDb } from '../../db/dialect';
import { toVersion } from '../prompts/promptRows';
import { idOf, VERSION_COLUMNS } from '../prompts/storedPrompts';
import type { ShareLinkStore } from './shareLinks';

interface InfoRow {
  id: number;
  prompt: string;
  version: number | null;
  label: string | null;
  created_by: string;
  created_by_name: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

const toInfo = (r: InfoRow): ShareLinkInfo => ({
  id: Number(r.id),
  prompt: r.prompt,
  version: r.version,
  label: r.label,
  createdBy: r.created_by,
  createdByName: r.created_by_name,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  expiresAt: iso(r.expires_at),
  revokedAt: iso(r.revoked_at),
});

function infoQuery(db: StorageDb, ownerId: string) {
  return db
    .selectFrom('share_links as s')
    .innerJoin('prompts as p', 'p.id', 's.prompt_id')
    .select([
      's.id',
      'p.name as prompt',
      's.version',
      's.label',
      's.created_by',
      's.created_by_name',
      's.created_at',
      's.expires_at',
      's.revoked_at',
    ])
    .where('s.owner_id', '=', ownerId);
}

export function createShareLinkStore(db: StorageDb): ShareLinkStore {
  const versionRow = (id: number, version: number) =>
    db
      .selectFrom('prompt_versions')
      .select(VERSION_COLUMNS)
      .where('prompt_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
  const labelRow = (id: number, label: string) =>
    db
      .selectFrom('prompt_labels')
      .select('version')
      .where('prompt_id', '=', id)
      .where('label', '=', label)
      .executeTakeFirst();

  return {
    async create(link, now) {
      const id = await idOf(db, link.ownerId, link.prompt);
      if (id === undefined) return 'no-prompt';
      const { target } = link;
      if ('version' in target && !(await versionRow(id, target.version))) return 'no-version';
      if ('label' in target && !(await labelRow(id, target.label))) return 'no-label';
      const row = await db
        .insertInto('share_links')
        .values({
          owner_id: link.ownerId,
          token_hash: link.tokenHash,
          prompt_id: id,
          version: 'version' in target ? target.version : null,
          label: 'label' in target ? target.label : null,
          created_by: link.maker.id,
          created_by_name: link.maker.name,
          created_at: now,
          expires_at: link.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInfo({
        id: row.id,
        prompt: link.prompt,
        version: 'version' in target ? target.version : null,
        label: 'label' in target ? target.label : null,
        created_by: link.maker.id,
        created_by_name: link.maker.name,
        created_at: now,
        expires_at: link.expiresAt,
        revoked_at: null,
      });
    },
    async list(ownerId) {
      const rows = await infoQuery(db, ownerId).orderBy('s.id', 'desc').execute();
      return rows.map(toInfo);
    },
    async get(ownerId, id) {
      const row = await infoQuery(db, ownerId).where('s.id', '=', id).executeTakeFirst();
      return row && toInfo(row);
    },
    async revoke(ownerId, id, now) {
      const link = await db
        .selectFrom('share_links')
        .select('revoked_at')
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!link) return false;
      if (link.revoked_at === null)
        await db
          .updateTable('share_links')
          .set({ revoked_at: now })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .execute();
      return true;
    },
    async open(tokenHash, now) {
      const link = await db
        .selectFrom('share_links as s')
        .innerJoin('prompts as p', 'p.id', 's.prompt_id')
        .select(['s.prompt_id', 'p.name', 's.version', 's.label', 's.created_by_name', 's.expires_at', 's.revoked_at'])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!link) return 'unknown';
      if (link.revoked_at !== null) return 'revoked';
      if (link.expires_at !== null && Number(link.expires_at) <= now) return 'expired';
      const version = link.label === null ? link.version : (await labelRow(link.prompt_id, link.label))?.version;
      const row = version == null ? undefined : await versionRow(link.prompt_id, version);
      if (!row) return 'label-gone';
      return {
        prompt: link.name,
        version: toVersion(row),
        label: link.label,
        sharedBy: link.created_by_name,
        expiresAt: iso(link.expires_at),
      };
    },
  };
}
