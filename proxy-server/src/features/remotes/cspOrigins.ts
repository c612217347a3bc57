/** Puts the origins of the remote releases being served where the CSP (http/security.ts) reads them. */
import type { RequestHandler } from 'express';
import type { Config } from '../../config';
import { REMOTE_ORIGINS_LOCAL } from '../../http/security';
import { originsOf, remoteOrigins, type RemoteReleases } from './releases';

/**
 * The origins of the remote releases being served, for the CSP (http/security.ts). Read at
 * most once a second (releases.ts); while the database does not answer, the configured ones.
 */
export function withRemoteOrigins(releases: RemoteReleases, config: Config): RequestHandler {
  const configured = originsOf(Object.values(config.remotes));
  return (_req, res, next) => {
    releases.snapshot().then(
      (snapshot) => {
        res.locals[REMOTE_ORIGINS_LOCAL] = remoteOrigins(snapshot);
        next();
      },
      () => {
        res.locals[REMOTE_ORIGINS_LOCAL] = configured;
        next();
      },
    );
  };
}
