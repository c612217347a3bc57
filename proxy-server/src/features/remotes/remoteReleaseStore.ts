/** RemoteReleaseStore on the database, one implementation for SQLite and PostgreSQL. */
import type { RemoteName } from '@prompt-perfect/core/contracts/remotes';
import type { StorageDb } from '../../db/dialect';
import { canaryFromRecord, releaseFromRecord, type RemoteReleaseStore } from './remoteReleases';

export function createRemoteReleaseStore(db: StorageDb): RemoteReleaseStore {
  /** The id of the remote's newest release not rolled back (at `url`, when given). */
  const newestLive = (remote: RemoteName, url?: string) => {
    const live = db
      .selectFrom('remote_releases')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('remote', '=', remote)
      .where('rolled_back_at', 'is', null);
    return url === undefined ? live : live.where('url', '=', url);
  };

  return {
    async live() {
      const ranked = db
        .selectFrom('remote_releases')
        .selectAll()
        .select((eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('remote').orderBy('id', 'desc'))
            .as('n'),
        )
        .where('rolled_back_at', 'is', null);
      const rows = await db
        .selectFrom(ranked.as('live'))
        .selectAll()
        .where('n', '<=', 2)
        .orderBy('remote')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(releaseFromRecord);
    },
    async canaries() {
      const rows = await db.selectFrom('remote_canaries').selectAll().orderBy('remote').execute();
      return rows.map(canaryFromRecord);
    },
    async history(remote, limit) {
      const rows = await db
        .selectFrom('remote_releases')
        .selectAll()
        .where('remote', '=', remote)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(releaseFromRecord);
    },
    async add(r) {
      const row = await db
        .insertInto('remote_releases')
        .values({
          remote: r.remote,
          url: r.url,
          version: r.version,
          released_by: r.releasedBy,
          released_at: r.releasedAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return releaseFromRecord(row);
    },
    async rollBack(remote, at) {
      const row = await db
        .updateTable('remote_releases')
        .set({ rolled_back_at: at })
        .where('id', '=', newestLive(remote))
        .returningAll()
        .executeTakeFirst();
      return row ? releaseFromRecord(row) : undefined;
    },
    async setCanary(c) {
      await db
        .insertInto('remote_canaries')
        .values({
          remote: c.remote,
          url: c.url,
          version: c.version,
          percent: c.percent,
          released_by: c.releasedBy,
          started_at: c.startedAt,
        })
        .onConflict((oc) =>
          oc.column('remote').doUpdateSet((eb) => ({
            // A canary of the same build keeps its failure count; a new build starts from none.
            failures: eb
              .case()
              .when('remote_canaries.url', '=', eb.ref('excluded.url'))
              .then(eb.ref('remote_canaries.failures'))
              .else(0)
              .end(),
            url: eb.ref('excluded.url'),
            version: eb.ref('excluded.version'),
            percent: eb.ref('excluded.percent'),
            released_by: eb.ref('excluded.released_by'),
            started_at: eb.ref('excluded.started_at'),
          })),
        )
        .execute();
    },
    async endCanary(remote) {
      const result = await db.deleteFrom('remote_canaries').where('remote', '=', remote).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async countFailure(remote, url) {
      const canary = await db
        .updateTable('remote_canaries')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('remote', '=', remote)
        .where('url', '=', url)
        .executeTakeFirst();
      const release = await db
        .updateTable('remote_releases')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('id', '=', newestLive(remote, url))
        .executeTakeFirst();
      return canary.numUpdatedRows + release.numUpdatedRows > 0n;
    },
  };
}
