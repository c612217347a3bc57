/**
 * /api/admin/remotes: release, roll back and canary each remote at run time, behind the operator
 * token. A release or a canary passes the compatibility gate first (409 with every reason).
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { REMOTE_NAMES, type RemoteName } from '@prompt-perfect/core/contracts/remotes';
import { Conflict, NotFound } from '../../http/httpError';
import { parseBody } from '../../http/validate';
import { checkRemote } from './compatibilityGate';
import type { RemoteReleases } from './releases';
import type { TrialFirstScreens } from './trialFirstScreens';
import { CanarySchema, ReleaseSchema } from './schemas';
import { shellSharedVersions } from './shellShared';

export interface AdminRemoteDeps {
  releases: RemoteReleases;
  shellDistDir: string;
  gateTimeoutMs: number;
  /** The trial's prerendered first screen: checked by the gate, kept for the released build's pages. */
  trialFirstScreens: TrialFirstScreens;
  logger: Logger;
}

const OPERATOR = 'operator';

function remoteParam(req: Request): RemoteName {
  const name = req.params.name as string;
  if (!(REMOTE_NAMES as string[]).includes(name)) {
    throw new NotFound(`There is no remote '${name.slice(0, 40)}': it is one of ${REMOTE_NAMES.join(', ')}.`);
  }
  return name as RemoteName;
}

/** The origin the request came through: pages are served from it, so remote files must allow it. */
const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

export function createAdminRemoteRoutes(deps: AdminRemoteDeps, guard: RequestHandler): Router {
  const { releases, logger } = deps;
  const router = express.Router();
  router.use('/admin', guard);

  /** Refuses (409) a build the shell cannot run; the trial's first screen, kept for its pages once let through. */
  async function gate(req: Request, remote: RemoteName, url: string, version: string, what: string) {
    const [compatibility, prerender] = await Promise.all([
      checkRemote({
        remote,
        url,
        shellVersions: shellSharedVersions(deps.shellDistDir),
        origin: originOf(req),
        timeoutMs: deps.gateTimeoutMs,
      }),
      remote === 'trial' ? deps.trialFirstScreens.check(url) : undefined,
    ]);
    const reasons = [...compatibility, ...(prerender && !prerender.ok ? prerender.problems : [])];
    if (reasons.length === 0) {
      if (prerender?.ok) deps.trialFirstScreens.remember({ manifestUrl: url, version }, prerender.firstScreen);
      return;
    }
    logger.warn({ remote, url, reasons }, `remote ${what} refused by the compatibility gate`);
    throw new Conflict(
      `The ${remote} remote at ${url} cannot be ${what}: ${reasons.length} problem${reasons.length > 1 ? 's' : ''}.`,
      { extra: { reasons } },
    );
  }

  router.get('/admin/remotes', async (_req, res) => {
    res.json({ remotes: await releases.status() });
  });

  router.post('/admin/remotes/:name/releases', async (req, res) => {
    const remote = remoteParam(req);
    const { url, version, releasedBy } = parseBody(ReleaseSchema, req);
    await gate(req, remote, url, version, 'released');
    const release = await releases.release(remote, url, version, releasedBy ?? OPERATOR);
    logger.info({ remote, url, version }, 'remote released');
    res.status(201).json({ release });
  });

  router.post('/admin/remotes/:name/rollback', async (req, res) => {
    const remote = remoteParam(req);
    const rolledBack = await releases.rollBack(remote);
    if (!rolledBack) {
      throw new Conflict(`The ${remote} remote runs its initial release: there is no earlier one to roll back to.`);
    }
    const current = (await releases.snapshot())[remote].current;
    logger.info({ remote, from: rolledBack.version, to: current.version }, 'remote rolled back');
    res.json({ rolledBack, current });
  });

  router.put('/admin/remotes/:name/canary', async (req, res) => {
    const remote = remoteParam(req);
    const { url, version, percent, releasedBy } = parseBody(CanarySchema, req);
    await gate(req, remote, url, version, 'given to a canary');
    await releases.setCanary(remote, url, version, percent, releasedBy ?? OPERATOR);
    logger.info({ remote, url, version, percent }, 'remote canary set');
    res.json({ canary: (await releases.snapshot())[remote].canary });
  });

  router.delete('/admin/remotes/:name/canary', async (req, res) => {
    const remote = remoteParam(req);
    if (!(await releases.endCanary(remote))) throw new NotFound(`The ${remote} remote has no canary.`);
    res.status(204).end();
  });

  return router;
}
