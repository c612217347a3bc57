/** RemoteReleaseStore on PostgreSQL: a release made through one instance is what every instance serves. */
import {
  type CanaryRecord,
  canaryFromRecord,
  LIVE_RELEASES_SQL,
  type ReleaseRecord,
  releaseFromRecord,
  type RemoteReleaseStore,
} from '../remoteReleases';
import type { Pool } from './pgPool';

export function createPgRemoteReleases(pool: Pool): RemoteReleaseStore {
  return {
    async live() {
      return (await pool.query<ReleaseRecord>(LIVE_RELEASES_SQL)).rows.map(releaseFromRecord);
    },
    async canaries() {
      return (await pool.query<CanaryRecord>('SELECT * FROM remote_canaries ORDER BY remote')).rows.map(
        canaryFromRecord,
      );
    },
    async history(remote, limit) {
      const { rows } = await pool.query<ReleaseRecord>(
        'SELECT * FROM remote_releases WHERE remote = $1 ORDER BY id DESC LIMIT $2',
        [remote, limit],
      );
      return rows.map(releaseFromRecord);
    },
    async add(r) {
      const { rows } = await pool.query<ReleaseRecord>(
        'INSERT INTO remote_releases (remote, url, version, released_by, released_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
        [r.remote, r.url, r.version, r.releasedBy, r.releasedAt],
      );
      return releaseFromRecord(rows[0]);
    },
    async rollBack(remote, at) {
      const { rows } = await pool.query<ReleaseRecord>(
        `UPDATE remote_releases SET rolled_back_at = $1 WHERE id = (
           SELECT MAX(id) FROM remote_releases WHERE remote = $2 AND rolled_back_at IS NULL
         ) RETURNING *`,
        [at, remote],
      );
      return rows[0] ? releaseFromRecord(rows[0]) : undefined;
    },
    async setCanary(c) {
      await pool.query(
        `INSERT INTO remote_canaries (remote, url, version, percent, released_by, started_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (remote) DO UPDATE SET
           failures = CASE WHEN remote_canaries.url = excluded.url THEN remote_canaries.failures ELSE 0 END,
           url = excluded.url, version = excluded.version, percent = excluded.percent,
           released_by = excluded.released_by, started_at = excluded.started_at`,
        [c.remote, c.url, c.version, c.percent, c.releasedBy, c.startedAt],
      );
    },
    async endCanary(remote) {
      return ((await pool.query('DELETE FROM remote_canaries WHERE remote = $1', [remote])).rowCount ?? 0) > 0;
    },
    async countFailure(remote, url) {
      const canary = await pool.query(
        'UPDATE remote_canaries SET failures = failures + 1 WHERE remote = $1 AND url = $2',
        [remote, url],
      );
      const release = await pool.query(
        `UPDATE remote_releases SET failures = failures + 1 WHERE id = (
           SELECT MAX(id) FROM remote_releases WHERE remote = $1 AND url = $2 AND rolled_back_at IS NULL
         )`,
        [remote, url],
      );
      return (canary.rowCount ?? 0) + (release.rowCount ?? 0) > 0;
    },
  };
}
