/**
 * GET /shared/:token, with no sign-in: the one version a share link shows (a label link: the version
 * its label points at now), and nothing else of the space. Revoked or expired: 410; unknown: 404.
 * Never indexed, never cached; /api's per-address rate limit applies as to every public route.
 */
import express, { type Router } from 'express';
import { Gone, NotFound } from '../../http/httpError';
import { hashToken } from '../tokens/tokenRows';
import type { ShareLinkStore } from './shareLinks';
import { NOINDEX } from './sharePage';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const GONE = { code: 'share_link_gone' } as const;
const UNKNOWN = 'This share link does not exist. Check that it was copied whole.';

export function createSharedRoutes(store: ShareLinkStore): Router {
  const router = express.Router();
  router.get('/shared/:token', async (req, res) => {
    res.setHeader('X-Robots-Tag', NOINDEX);
    res.setHeader('Cache-Control', 'no-store');
    const token = req.params.token;
    if (!TOKEN.test(token)) throw new NotFound(UNKNOWN);
    const out = await store.open(hashToken(token), Date.now());
    if (out === 'unknown') throw new NotFound(UNKNOWN);
    if (out === 'revoked')
      throw new Gone('This share link was revoked: ask the person who shared it for a new one.', GONE);
    if (out === 'expired')
      throw new Gone('This share link has expired: ask the person who shared it for a new one.', GONE);
    if (out === 'label-gone')
      throw new Gone('The label this link follows no longer points at a version: ask for a new link.', GONE);
    res.json(out);
  });
  return router;
}
