/** GET /runtime-config.json: remote URLs and auth mode for the shell, set by env at start. */
import type { RequestHandler } from 'express';
import type { RuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import type { Config } from '../config';

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

export function runtimeConfigHandler(config: Config): RequestHandler {
  const body = JSON.stringify(buildRuntimeConfig(config));
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/json').send(body);
  };
}
