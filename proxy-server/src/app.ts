/** Assembles the Express app from a validated Config. No listening here: see server.ts. */
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { createAuthenticator, type Authenticator } from './auth/authenticator';
import { requireUser } from './auth/requireUser';
import type { Config } from './config';
import { createLogger, requestLogger } from './logging/logger';
import { apiNotFound, errorHandler } from './http/errorHandler';
import { NotFound, ServiceUnavailable } from './http/httpError';
import { rejectCrossSite } from './http/csrf';
import { refuseBadJson } from './http/jsonBodyLimits';
import { refuseNulInUrl } from './http/nulInUrl';
import { createRateLimits } from './http/rateLimits';
import { securityHeaders } from './http/security';
import { createHostAllowList, rejectUnknownHosts } from './http/hostAllowList';
import { createModelList, type ModelList } from './features/models/models';
import { createProviders, type Providers } from './providers/providers';
import { createRunRecorder } from './features/account/runRecorder';
import { createAuthRoutes, endLocalSession } from './auth/routes';
import { createMeRoutes, createOrgHistoryRoutes } from './features/account/routes';
import { openStorage } from './storage';
import { connectSharedCounters, type SharedCounters } from './http/sharedCounters';
import { createGenerateRoutes } from './features/runs/generateRoutes';
import { createHealthRoute } from './http/healthRoutes';
import { createModelRoutes } from './features/models/routes';
import { buildRuntimeConfig, canaryId, runtimeConfigHandler } from './features/remotes/runtimeConfig';
import { createRemoteRoutes } from './features/remotes/routes';
import { createAdminRemoteRoutes } from './features/remotes/adminRoutes';
import { requireAdmin } from './auth/adminToken';
import { createRemoteReleases } from './features/remotes/releases';
import { createTrialFirstScreens } from './features/remotes/trialFirstScreens';
import { withRemoteOrigins } from './features/remotes/cspOrigins';
import { createModelCheck, type ModelCheck } from './features/lint/modelCheck';
import { createLintRoutes } from './features/lint/routes';
import { createOpenApiRoute } from './openapi/route';
import { createTrialRoutes } from './features/trial/routes';
import { requireUserOrToken } from './auth/apiTokenAuth';
import { createEvaluationRoutes } from './features/prove/evaluationRoutes';
import { createOptimizationRoutes } from './features/prove/optimizationRoutes';
import { createTestSetRoutes } from './features/prove/testSetRoutes';
import { createTokenRoutes } from './features/tokens/routes';
import { createOrgTokenRoutes } from './features/tokens/orgRoutes';
import { createOrgBudgetRoute } from './features/runs/orgBudgetRoute';
import { createMcpRoutes } from './features/mcp/routes';
import { createPromptRoutes } from './features/prompts/routes';
import { createMemberRoutes, createOrgRoutes } from './features/orgs/routes';
import { createInviteAdminRoutes, createInviteRoutes } from './features/orgs/inviteRoutes';
import { createOrgSpaceRouter } from './features/orgs/orgSpace';
import { stopRemovedMemberRuns } from './features/orgs/stopRemovedMemberRuns';
import { createAuditRoutes } from './features/audit/routes';
import { createShareRoutes } from './features/share/routes';
import { createSharedRoutes } from './features/share/sharedRoutes';
import { createWebhookDispatcher } from './features/prompts/webhookDispatcher';
import { resolveSessionSecret } from './secret';
import { createStaticSite } from './static/staticSite';
import { compressDynamicResponses } from './static/compression';
import { hostProvided, remotePreloads, shellPreloads } from './static/preloads';
import { createShellPage } from './static/shellPage';
import { createCrawlerRoutes } from './static/crawlers';
import { createPrerenderedPage } from './static/visitorPage';
import { createFormTokens } from './features/trial/visitorForm/formToken';
import { createVisitorFormRoutes } from './features/trial/visitorForm/routes';
import { visitorId } from './features/trial/visitor';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import { createRunTracker, SERVER_RESTARTING, type RunTracker } from './features/runs/runTracker';
import { createDailyBudget } from './features/runs/dailyBudget';
import { userRunSlots } from './features/runs/runSlots';

const BODY_LIMIT = '64kb';
const TEST_SET_BODY_LIMIT = '1mb';
/** How long a visitor's page waits for a trial release's first screen this instance has not read yet. */
const TRIAL_FIRST_SCREEN_WAIT_MS = 2_000;

export interface AppHandle {
  app: Express;
  logger: Logger;
  providers: Providers;
  models: ModelList;
  auth: Authenticator;
  /** Upstream calls in flight; drained on shutdown. */
  runs: RunTracker;
  /** From now on readiness answers 503 'shutting down' (the first step of a shutdown). */
  markShuttingDown(): void;
  /** Closes the database pool and the Redis connection. Call after the HTTP server has stopped. */
  close(): Promise<void>;
}

/** Opens the storage (SQLite, or PostgreSQL at DATABASE_URL) and Redis (REDIS_URL), then assembles the app. */
export async function createApp(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<AppHandle> {
  const storage = await openStorage(config);
  let shared: SharedCounters | undefined;
  try {
    shared = config.redisUrl ? await connectSharedCounters(config.redisUrl, logger) : undefined;
    return assemble(config, logger, storage, shared);
  } catch (err) {
    await shared?.close();
    await storage.close();
    throw err;
  }
}

type Storage = Awaited<ReturnType<typeof openStorage>>;
type Services = ReturnType<typeof createServices>;

/** Everything the routes share: providers, models, sign-in, limits, run bookkeeping, webhooks. */
function createServices(config: Config, logger: Logger, storage: Storage, shared: SharedCounters | undefined) {
  const secret = resolveSessionSecret(config.dataDir, config.sessionSecret);
  const providers = createProviders(config);
  return {
    secret,
    logger,
    providers,
    models: createModelList(providers, config.modelPins, config.modelsRefreshMs, logger),
    auth: createAuthenticator(config.auth, storage.sessions),
    trialStore: storage.trialStore(
      { perVisitor: TRIAL_LIMIT, perIp: config.trialLimitPerIp, ipWindowMs: config.trialIpWindowMs },
      secret,
    ),
    limits: createRateLimits(config, shared),
    runs: createRunTracker(),
    recorder: createRunRecorder(storage.userData),
    budget: createDailyBudget(storage.spend, {
      userUsd: config.runLimits.dailyBudgetUsd,
      orgUsd: config.runLimits.orgDailyBudgetUsd,
    }),
    runSlot: userRunSlots(config.runLimits.maxConcurrentPerUser, shared?.runSlots),
    dispatcher: createWebhookDispatcher(
      storage.webhooks,
      config.webhookRetryBaseMs,
      logger,
      config.webhookAllowPrivate,
    ),
    releases: createRemoteReleases(storage.remoteReleases, config.remotes),
    /** [teams] Routes record their changes here as `deps.audit.record(...)`. */
    audit: storage.audit,
    trialFirstScreens: createTrialFirstScreens({
      trialDir: config.staticDirs.trial,
      timeoutMs: config.remoteTimeouts.manifestMs,
      pageWaitMs: TRIAL_FIRST_SCREEN_WAIT_MS,
      logger,
    }),
  };
}

/** What every request passes first: logging, host check, security headers, compression, cookies. */
function useBaseMiddleware(app: Express, config: Config, logger: Logger, services: Services) {
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.use(rejectUnknownHosts(createHostAllowList(config.host, config.allowedHosts)));
  app.use(withRemoteOrigins(services.releases, config));
  app.use(securityHeaders(config));
  app.use(compressDynamicResponses());
  app.use(cookieParser(services.secret));
}

const jsonBody = (limit: string) =>
  express.json({ limit, strict: true, type: ['application/json', 'application/*+json'], verify: refuseBadJson });

/** /api: health, then the guards every call passes, then the routes. */
function createApiRouter(
  config: Config,
  storage: Storage,
  shared: SharedCounters | undefined,
  services: Services & { modelCheck: ModelCheck },
  shuttingDown: () => boolean,
) {
  const { providers, models, auth, limits, runs, recorder, budget, runSlot, dispatcher, modelCheck } = services;
  const { sessions, testSets, apiTokens, userData } = storage;
  const api = express.Router();
  // Health checks do no work: a monitor behind the same address as users must not be rate limited.
  api.use(createHealthRoute(providers, { database: storage, redis: shared, shuttingDown }));
  api.use((_req, _res, next) => {
    if (runs.draining) throw new ServiceUnavailable(SERVER_RESTARTING, { headers: { Connection: 'close' } });
    next();
  });
  api.use(limits.perIp);
  api.use(rejectCrossSite);
  api.use(refuseNulInUrl);
  // A saved test set may hold TEST_SET_CASES_MAX cases of up to TEST_CASE_INPUT_MAX characters each.
  api.use(['/test-sets', '/orgs/:org/test-sets'], jsonBody(TEST_SET_BODY_LIMIT));
  api.use(['/prompts/_import', '/orgs/:org/prompts/_import'], jsonBody(TEST_SET_BODY_LIMIT));
  api.use(jsonBody(BODY_LIMIT));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(createOpenApiRoute());
  api.use(createAuthRoutes(auth, sessions));
  // A share link opens without signing in.
  api.use(createSharedRoutes(storage.shareLinks));
  const signedIn = [requireUser(auth), limits.perUser];
  api.use(createModelRoutes(models, { trialModel: config.trialModel, testModel: config.testModel }, signedIn));
  api.use(createTrialRoutes(services.trialStore, providers.openai, config.trialModel, runs, limits.trialPerIp));
  api.use(
    createLintRoutes({
      auth,
      tokens: apiTokens,
      cpuMsPerMinute: config.lintCpuMsPerMinute,
      modelCheck,
      modelGuards: [requireUserOrToken(auth, apiTokens), limits.perUser, runSlot],
    }),
  );
  api.use(createRemoteRoutes(services.releases, services.logger));
  api.use(
    createAdminRemoteRoutes(
      {
        releases: services.releases,
        shellDistDir: config.staticDirs.shell,
        gateTimeoutMs: config.remoteTimeouts.manifestMs,
        trialFirstScreens: services.trialFirstScreens,
        logger: services.logger,
      },
      requireAdmin(config.adminToken),
    ),
  );
  // Model calls, [prove], prompts and history: the session or a personal API token within its scopes; tokens
  // themselves are managed with the session only.
  const userOrTokenGuards = [requireUserOrToken(auth, apiTokens), limits.perUser];
  // [teams] The account-data routes: the person's space here, an organization's on orgSpace below.
  const spaceData: express.Router[] = [];
  spaceData.push(
    createGenerateRoutes(
      { providers, models, testModel: config.testModel, runs, recorder, budget, runSlot },
      userOrTokenGuards,
    ),
  );
  const proveDeps = { store: testSets, providers, runs, budget, runSlot, models, testModel: config.testModel };
  spaceData.push(createTestSetRoutes(proveDeps, userOrTokenGuards));
  spaceData.push(createEvaluationRoutes(proveDeps, userOrTokenGuards));
  spaceData.push(createOptimizationRoutes({ ...proveDeps, recorder }, userOrTokenGuards));
  api.use(createTokenRoutes(apiTokens, signedIn, runs));
  // [teams] Organizations. Routes of an organization's space mount on orgSpace (/api/orgs/:org/...).
  const orgDeps = { orgs: storage.orgs, audit: services.audit };
  api.use(createOrgRoutes(orgDeps, signedIn), createInviteRoutes(orgDeps, signedIn));
  const orgSpace = createOrgSpaceRouter(storage.orgs, [requireUserOrToken(auth, apiTokens)]);
  const stopRunsOfRemoved = (orgId: string, userId: string) => stopRemovedMemberRuns(apiTokens, runs, orgId, userId);
  orgSpace.use(
    createMemberRoutes({ ...orgDeps, stopRunsOfRemoved }, signedIn),
    createInviteAdminRoutes(orgDeps, signedIn),
  );
  orgSpace.use(
    createOrgTokenRoutes({ tokens: apiTokens, runs, audit: services.audit }, signedIn),
    createOrgBudgetRoute(budget, userOrTokenGuards),
  );
  api.use('/orgs/:org', orgSpace);
  spaceData.push(
    createPromptRoutes(
      {
        store: storage.prompts,
        testSets,
        webhooks: storage.webhooks,
        dispatcher,
        webhookAllowPrivate: config.webhookAllowPrivate,
        audit: services.audit,
      },
      userOrTokenGuards,
    ),
  );
  api.use(spaceData);
  orgSpace.use(spaceData, createOrgHistoryRoutes({ store: userData, recorder }, userOrTokenGuards, signedIn));
  // [teams] Share links and the audit log, in one's own space and in an organization's.
  const shareRoutes = createShareRoutes({ store: storage.shareLinks, audit: services.audit }, userOrTokenGuards);
  const auditRoutes = createAuditRoutes(services.audit, userOrTokenGuards);
  api.use(shareRoutes, auditRoutes);
  orgSpace.use(shareRoutes, auditRoutes);
  const endSession = (req: express.Request, res: express.Response) => endLocalSession(sessions, req, res);
  api.use(
    createMeRoutes(
      {
        store: userData,
        testSets,
        recorder,
        endSession,
        sessions,
        runs,
        budget,
        scrubDeleted: () => storage.scrubDeleted(),
        orgs: storage.orgs,
      },
      signedIn,
      userOrTokenGuards,
    ),
  );
  api.use(apiNotFound);
  return api;
}

/** The shell's page (with its preloads and the prerendered visitor page), the no-script form, and static files. */
function usePages(app: Express, config: Config, services: Services) {
  const { providers, runs, limits, auth } = services;
  // Derived once from the built manifests at start-up, not on every page request.
  const provided = hostProvided(config.staticDirs.shell);
  const shellFiles = shellPreloads(config.staticDirs.shell);
  const initial = {
    workspace: remotePreloads(config.remotes.workspace, config.staticDirs.workspace, 'WorkspaceApp', provided),
    trial: remotePreloads(config.remotes.trial, config.staticDirs.trial, 'TrialApp', provided),
  };
  // A release elsewhere than the initial one: only its manifest is known here (its files are listed in it).
  const remoteFiles = (name: 'trial' | 'workspace', url: string, exposed: string) =>
    url === config.remotes[name] ? initial[name] : remotePreloads(url, config.staticDirs[name], exposed, provided);
  const prerendered = createPrerenderedPage(config.staticDirs.shell);
  const shellPage = createShellPage(
    config.staticDirs.shell,
    buildRuntimeConfig(config),
    (signedIn, remotes) =>
      signedIn
        ? [
            ...shellFiles.everyone,
            ...shellFiles.signedIn,
            ...remoteFiles('workspace', remotes.workspace.manifestUrl, 'WorkspaceApp'),
          ]
        : [...shellFiles.everyone, ...remoteFiles('trial', remotes.trial.manifestUrl, 'TrialApp')],
    prerendered,
  );
  const formTokens = createFormTokens(services.secret);
  app.use(
    createVisitorFormRoutes({
      store: services.trialStore,
      openai: providers.openai,
      trialModel: config.trialModel,
      runs,
      tokens: formTokens,
      limiter: limits.trialPerIp,
    }),
  );
  app.use(createCrawlerRoutes());
  app.use(
    createStaticSite(
      config.staticDirs,
      shellPage,
      auth,
      (req, res) => formTokens.issue(visitorId(req, res)),
      (req, res, userId) => services.releases.runtimeRemotes(canaryId(req, res, userId)),
      (trial) => services.trialFirstScreens.forPage(trial),
    ),
  );
}

function assemble(config: Config, logger: Logger, storage: Storage, shared: SharedCounters | undefined): AppHandle {
  const services = createServices(config, logger, storage, shared);
  const { providers, models, auth, runs, recorder, budget, runSlot, dispatcher, limits } = services;
  // One per app: its cache serves POST /api/lint and MCP's lint_prompt alike.
  const modelCheck = createModelCheck({ providers, models, testModel: config.testModel, runs, budget });
  let shuttingDown = false;

  const app = express();
  useBaseMiddleware(app, config, logger, services);
  app.get('/runtime-config.json', runtimeConfigHandler(config, services.releases, auth));
  app.use(
    '/api',
    createApiRouter(config, storage, shared, { ...services, modelCheck }, () => shuttingDown),
  );
  const { testSets, userData, apiTokens } = storage;
  app.use(
    createMcpRoutes(
      {
        providers,
        models,
        testModel: config.testModel,
        runs,
        testSets,
        userData,
        recorder,
        budget,
        runSlot,
        modelCheck,
        tokens: apiTokens,
      },
      limits,
    ),
  );
  usePages(app, config, services);
  app.use((req) => {
    throw new NotFound(`Not found: ${req.path.slice(0, 200)}`);
  });
  app.use(errorHandler);

  let closing: Promise<void> | undefined;
  return {
    app,
    logger,
    providers,
    models,
    auth,
    runs,
    markShuttingDown() {
      shuttingDown = true;
    },
    close() {
      closing ??= (async () => {
        models.stop();
        dispatcher.stop();
        await shared?.close();
        await storage.close();
      })();
      return closing;
    },
  };
}
