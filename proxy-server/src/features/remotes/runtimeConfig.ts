/**
 * GET /runtime-config.json: the remotes this visitor or user loads (the current releases, or a
 * canary for its sticky share) and the auth mode, for a shell whose page did not carry them.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { RuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import type { Authenticator } from '../../auth/authenticator';
import type { Config } from '../../config';
import type { RemoteReleases } from './releases';
import { visitorId } from '../trial/visitor';

export function buildRuntimeConfig(config: Config): RuntimeConfig {
  return {
    remotes: {
      trial: { manifestUrl: config.remotes.trial },
      workspace: { manifestUrl: config.remotes.workspace },
      progress: { manifestUrl: config.remotes.progress },
    },
    auth:
      config.auth.mode === 'clerk' ? { mode: 'clerk', publishableKey: config.auth.publishableKey } : { mode: 'local' },
    remoteTimeouts: { ...config.remoteTimeouts },
  };
}

/**
 * The id a canary share is decided by: the signed-in user's (local identity: the page knows it), else
 * the visitor cookie's, so the same person gets the same build on every page and every instance.
 */
export function canaryId(req: Request, res: Response, userId: string | undefined): string {
  return userId ? `user:${userId}` : `visitor:${visitorId(req, res)}`;
}

export function runtimeConfigHandler(config: Config, releases: RemoteReleases, auth: Authenticator): RequestHandler {
  const base = buildRuntimeConfig(config);
  return async (req, res) => {
    const userId = auth.mode === 'local' ? (await auth.identify(req)).user?.id : undefined;
    const remotes = await releases.runtimeRemotes(canaryId(req, res, userId));
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type('application/json').send(JSON.stringify({ ...base, remotes } satisfies RuntimeConfig));
  };
}
