/** RemoteReleaseStore on the embedded SQLite database. */
import type { Db } from '../db';
import {
  type CanaryRecord,
  canaryFromRecord,
  LIVE_RELEASES_SQL,
  type ReleaseRecord,
  releaseFromRecord,
  type RemoteReleaseStore,
} from './remoteReleases';

export function createSqliteRemoteReleases(db: Db): RemoteReleaseStore {
  const live = db.prepare<[], ReleaseRecord>(LIVE_RELEASES_SQL);
  const canaries = db.prepare<[], CanaryRecord>('SELECT * FROM remote_canaries ORDER BY remote');
  const history = db.prepare<[string, number], ReleaseRecord>(
    'SELECT * FROM remote_releases WHERE remote = ? ORDER BY id DESC LIMIT ?',
  );
  const add = db.prepare<[string, string, string, string, number], ReleaseRecord>(
    'INSERT INTO remote_releases (remote, url, version, released_by, released_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  );
  const rollBack = db.prepare<[number, string], ReleaseRecord>(
    `UPDATE remote_releases SET rolled_back_at = ? WHERE id = (
       SELECT MAX(id) FROM remote_releases WHERE remote = ? AND rolled_back_at IS NULL
     ) RETURNING *`,
  );
  const setCanary = db.prepare<[string, string, string, number, string, number]>(
    `INSERT INTO remote_canaries (remote, url, version, percent, released_by, started_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (remote) DO UPDATE SET
       failures = CASE WHEN remote_canaries.url = excluded.url THEN remote_canaries.failures ELSE 0 END,
       url = excluded.url, version = excluded.version, percent = excluded.percent,
       released_by = excluded.released_by, started_at = excluded.started_at`,
  );
  const endCanary = db.prepare<[string]>('DELETE FROM remote_canaries WHERE remote = ?');
  const failCanary = db.prepare<[string, string]>(
    'UPDATE remote_canaries SET failures = failures + 1 WHERE remote = ? AND url = ?',
  );
  const failRelease = db.prepare<[string, string]>(
    `UPDATE remote_releases SET failures = failures + 1 WHERE id = (
       SELECT MAX(id) FROM remote_releases WHERE remote = ? AND url = ? AND rolled_back_at IS NULL
     )`,
  );
  return {
    async live() {
      return live.all().map(releaseFromRecord);
    },
    async canaries() {
      return canaries.all().map(canaryFromRecord);
    },
    async history(remote, limit) {
      return history.all(remote, limit).map(releaseFromRecord);
    },
    async add(r) {
      return releaseFromRecord(add.get(r.remote, r.url, r.version, r.releasedBy, r.releasedAt) as ReleaseRecord);
    },
    async rollBack(remote, at) {
      const row = rollBack.get(at, remote);
      return row ? releaseFromRecord(row) : undefined;
    },
    async setCanary(c) {
      setCanary.run(c.remote, c.url, c.version, c.percent, c.releasedBy, c.startedAt);
    },
    async endCanary(remote) {
      return endCanary.run(remote).changes > 0;
    },
    async countFailure(remote, url) {
      const canary = failCanary.run(remote, url).changes;
      const release = failRelease.run(remote, url).changes;
      return canary + release > 0;
    },
  };
}
