/**
 * GET /api/remotes: the current release of each remote, public and cacheable for a few seconds;
 * POST /api/remotes/failures: a browser could not load a release and fell back to the one before.
 */
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { RemoteName } from '@prompt-perfect/core/contracts/remotes';
import { parseBody } from '../../http/validate';
import type { RemoteReleases } from './releases';
import { LoadFailureSchema } from './schemas';

/** Shared caches may keep the listing this long: an open page learns of a release within it. */
const LISTING_MAX_AGE_S = 5;

export function createRemoteRoutes(releases: RemoteReleases, logger: Logger): Router {
  const router = express.Router();

  router.get('/remotes', async (_req, res) => {
    const listing = await releases.listing();
    res.setHeader('Cache-Control', `public, max-age=${LISTING_MAX_AGE_S}`);
    res.json(listing);
  });

  router.post('/remotes/failures', async (req, res) => {
    const failure = parseBody(LoadFailureSchema, req);
    const counted = await releases.countFailure(failure.remote as RemoteName, failure.url);
    if (counted) {
      logger.warn(
        { remote: failure.remote, url: failure.url, version: failure.version, reason: failure.message },
        'a browser could not load a remote release and fell back',
      );
    }
    res.status(204).end();
  });

  return router;
}
