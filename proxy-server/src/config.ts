/**
 * The one place that reads the environment. Everything else receives a validated Config.
 * Provider keys and secrets live here and in the provider clients only: never logged, never sent
 * to a client, never part of an error message.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { allowedHostsProblem } from './http/hostAllowList';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import { StartupError } from './startupError';
import { TEST_MODEL, TRIAL_MODEL } from '@prompt-perfect/core/catalog/providers';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Env = Record<string, string | undefined>;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? String(def) : v.trim()))
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const url = (def?: string) =>
  optionalString.pipe(z.string().url('must be a URL').optional()).transform((v) => v ?? def);

const usd = (def: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? String(def) : v.trim()))
    .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'must be an amount in US dollars, e.g. 10 or 2.50'))
    .transform(Number)
    .pipe(z.number().min(0).max(1_000_000));

/** What one user and one model call may take: spend, concurrency, time without data, answer size. */
const RunLimitsEnv = {
  USER_MAX_CONCURRENT_RUNS: int(4, 1, 1_000).describe(
    'Model-calling runs one user may have open at once (a generation, a draft, an evaluation or an optimization counts as one); the next gets 429 saying why. Counted across instances with REDIS_URL, per instance without it.',
  ),
  USER_DAILY_BUDGET_USD: usd(10).describe(
    "What one user's model calls may cost per UTC day, estimated from list prices as Prove estimates them; each call's worst case is reserved before it starts (refused once the day's total reached the budget) and settled to its cost after, so concurrent calls pass it by at most one call's estimate; stored, shown in Settings. `0` = no budget.",
  ),
  ORG_DAILY_BUDGET_USD: usd(50).describe(
    "What one organization's model calls may cost per UTC day, whoever in it makes them, reserved and settled like USER_DAILY_BUDGET_USD; a run in an organization counts against both and is refused once either is spent; shown in Settings. `0` = no budget.",
  ),
  PROVIDER_IDLE_TIMEOUT_MS: int(60_000, 1, 3_600_000).describe(
    'A streamed answer that sends nothing for this long is aborted upstream and ends with a timeout message (a visitor keeps the free run).',
  ),
  MAX_ANSWER_CHARS: int(1_000_000, 1, 100_000_000).describe(
    'The longest model answer accepted, in characters; a longer one is cut off with a clear message and not saved.',
  ),
  SHUTDOWN_DRAIN_MS: int(5_000, 0, 600_000).describe(
    'On SIGTERM, how long `/api/health/ready` answers 503 `shutting down` (while still serving) before the listener closes, so a load balancer stops sending first.',
  ),
};

/** An operator token guessable in a lifetime of requests would hand anyone the site's code. */
const ADMIN_TOKEN_MIN_LENGTH = 32;

/** Shorter secrets can be brute-forced offline from one signed cookie. */
export const SESSION_SECRET_MIN_LENGTH = 32;

/** Every variable the server reads, with its validation and (`.describe`) the text of docs/configuration.md. */
export const EnvSchema = z.object({
  PORT: int(3002, 0, 65535).describe('Port the server listens on; `0` picks a free one.'),
  HOST: optionalString
    .transform((v) => v ?? '127.0.0.1')
    .describe(
      'Address the server listens on. `0.0.0.0` (a container, a public host) with a provider key needs Clerk: the local identity would let anyone spend the key (see `ALLOW_LOCAL_IDENTITY`).',
    ),
  DATA_DIR: optionalString.describe(
    'Folder of the SQLite database (trial counts, local sessions, account data) and the generated session secret; default `<repo>/.data`. Created on first start, mode 0700, its files 0600.',
  ),
  LOG_LEVEL: optionalString
    .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional())
    .describe(
      'pino log level (`fatal` ... `trace`, or `silent`); default `info`. Prompts and secrets are never logged at `info`.',
    ),
  TRUST_PROXY: optionalString.describe(
    'Behind a reverse proxy: the number of proxies in front (`1` to `5`) or their addresses/subnets (`loopback`, `10.0.0.0/8`), so client IPs come from `X-Forwarded-For`. Off by default. `true`, more than 5 hops or subnets wider than /8 (IPv4) or /7 (IPv6) are refused: they would let clients choose their own IP.',
  ),
  ALLOWED_HOSTS: optionalString.describe(
    'Comma-separated host names the server answers to besides `localhost`, `*.localhost`, IP literals and `HOST`: `app.example.com`, or `.example.com` for a domain and its subdomains. Any other `Host` gets 421 before any route (the DNS-rebinding guard). Set it to your public name behind a proxy.',
  ),
  SHUTDOWN_GRACE_MS: int(30_000, 0, 600_000).describe(
    'On SIGTERM, how long model calls in flight may finish; then they are aborted upstream and answered with a JSON 503 (a second signal exits at once).',
  ),
  REINITIALIZE_DATABASE: optionalString
    .pipe(z.enum(['true', 'false']).optional())
    .describe(
      '`true` starts with an empty database although `DATA_DIR` held one that is now missing or 0 bytes (otherwise the server refuses to start: sessions and trial counts would be lost).',
    ),
  DATABASE_URL: optionalString
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
        .optional(),
    )
    .describe(
      '`postgres://user:password@host:5432/db`: all persistence in this PostgreSQL, shared by several instances (schema migrated at start-up under an advisory lock) instead of SQLite in `DATA_DIR`. Requires `SESSION_SECRET`. See [Running several instances](several-instances.md).',
    ),
  REDIS_URL: optionalString
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
        .optional(),
    )
    .describe(
      '`redis://host:6379`: rate-limit counters in Redis, so limits hold per deployment rather than per instance. While Redis is unreachable requests pass unlimited (logged once) until it is back.',
    ),

  OPENAI_API_KEY: optionalString.describe(
    'Enables OpenAI models (the visitor trial uses `TRIAL_MODEL`). Read only by the server. Without any key, runs use the offline optimizer.',
  ),
  ANTHROPIC_API_KEY: optionalString.describe('Enables Anthropic (Claude) models. Read only by the server.'),
  OPENAI_BASE_URL: url().describe(
    "Any OpenAI-compatible server (Ollama, LM Studio, vLLM, a gateway); default the SDK's `https://api.openai.com/v1`. See [Local models](local-models.md).",
  ),
  ANTHROPIC_BASE_URL: url().describe(
    "Another Anthropic-compatible endpoint; default the SDK's `https://api.anthropic.com`.",
  ),
  PROVIDER_TIMEOUT_MS: int(600_000, 1, 3_600_000).describe("The SDK's timeout for one model call."),
  OPENAI_MODELS: optionalString.describe(
    'Comma-separated model ids: the exact list offered and accepted, instead of asking the provider (`GET /v1/models`).',
  ),
  ANTHROPIC_MODELS: optionalString.describe(
    'Comma-separated model ids: the exact Claude list offered and accepted, instead of asking the provider.',
  ),
  MODELS_REFRESH_MS: int(300_000, 10_000, 86_400_000).describe(
    "How often each provider's own model list is fetched again (also on demand: `POST /api/providers/refresh`).",
  ),
  TRIAL_MODEL: optionalString.describe(
    'The model of visitor trial runs, on the OpenAI-compatible provider; default `gpt-4o-mini`.',
  ),
  TEST_MODEL: optionalString.describe(
    'The model Test Prompt runs on, on the OpenAI-compatible provider; default `gpt-4o`.',
  ),
  PROVIDER_MAX_RETRIES: int(2, 0, 10).describe('SDK retries of a failed model call (they honour `retry-after`).'),
  WEBHOOK_RETRY_BASE_MS: int(2_000, 10, 600_000).describe(
    'A failed label-move webhook delivery is retried after this long, then 4 and 16 times as long (three retries in all).',
  ),
  LINT_CPU_MS_PER_MINUTE: int(3_000, 1, 600_000).describe(
    'Prompt check time (`POST /api/lint`, which runs on the event loop) one caller, a visitor IP or an account, may use per minute on one instance; past it, 429 until the minute ends.',
  ),
  WEBHOOK_ALLOW_PRIVATE: optionalString
    .pipe(z.enum(['true', 'false']).optional())
    .describe(
      '`true` lets webhooks reach loopback, private, link-local and unique-local addresses (a self-hosted server whose receivers are on its own network). Off by default: such URLs are refused at save and at every delivery.',
    ),

  SESSION_SECRET: optionalString
    .pipe(
      z.string().min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`).optional(),
    )
    .describe(
      'Signs the local session and visitor cookies; at least 32 characters. Unset: generated once into `DATA_DIR/session-secret`. Required, and the same on every instance, with `DATABASE_URL`.',
    ),
  TRIAL_LIMIT_PER_IP: int(50, 1, 1_000_000).describe(
    'Successful trial runs per IP across cookies in the rolling window, so a fresh cookie does not reset the free trial while an office behind one address is not locked out for good. Each visitor still gets 10 runs.',
  ),
  TRIAL_IP_WINDOW_HOURS: int(24, 1, 24 * 365).describe('The rolling window of `TRIAL_LIMIT_PER_IP`, in hours.'),

  RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 86_400_000).describe('The window of the request rate limits below.'),
  RATE_LIMIT_PER_IP: int(300, 1, 10_000_000).describe(
    'Requests per window from one IP address; beyond it, 429 with a clear message.',
  ),
  RATE_LIMIT_PER_USER: int(60, 1, 10_000_000).describe('Requests per window from one signed-in user or token.'),
  RATE_LIMIT_TRIAL_PER_IP: int(30, 1, 10_000_000).describe('Trial requests per window from one IP address.'),

  REMOTE_TRIAL_URL: optionalString.describe(
    "The trial remote's initial release (its `mf-manifest.json`); default `/remotes/trial/mf-manifest.json`. Later releases are made at run time through the admin API (`ADMIN_TOKEN`, [Remote releases](remote-releases.md)) and win over it. The CSP allows the origins of released remotes.",
  ),
  REMOTE_WORKSPACE_URL: optionalString.describe(
    "The workspace remote's initial release; default `/remotes/workspace/mf-manifest.json`.",
  ),
  REMOTE_PROGRESS_URL: optionalString.describe(
    "The progress remote's initial release; default `/remotes/progress/mf-manifest.json`.",
  ),
  ADMIN_TOKEN: optionalString
    .pipe(z.string().min(ADMIN_TOKEN_MIN_LENGTH, `must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters`).optional())
    .describe(
      'The operator token of the admin API (`Authorization: Bearer <token>`): release, roll back and canary remotes (`prompt-perfect remotes ...`). Unset: the admin API answers 403. At least 32 characters, the same on every instance.',
    ),
  REMOTE_MANIFEST_TIMEOUT_MS: int(10_000, 1, 600_000).describe(
    "Bound on fetching a remote's `mf-manifest.json` (then one retry and the remote's fallback).",
  ),
  REMOTE_ENTRY_TIMEOUT_MS: int(120_000, 1, 600_000).describe(
    "Bound on loading a remote's entry script; chunks time out at 120 s (`output.chunkLoadTimeout`).",
  ),

  STATIC_ROOT: optionalString.describe('Where `shell/dist` and `mfe-*/dist` are looked up; default this repository.'),
  SHELL_DIST_DIR: optionalString.describe("The shell's built files; default `<STATIC_ROOT>/shell/dist`."),
  MFE_TRIAL_DIST_DIR: optionalString.describe(
    "The trial remote's built files; default `<STATIC_ROOT>/mfe-trial/dist`.",
  ),
  MFE_WORKSPACE_DIST_DIR: optionalString.describe(
    "The workspace remote's built files; default `<STATIC_ROOT>/mfe-workspace/dist`.",
  ),
  MFE_PROGRESS_DIST_DIR: optionalString.describe(
    "The progress remote's built files; default `<STATIC_ROOT>/mfe-progress/dist`.",
  ),

  AUTH_MODE: optionalString
    .pipe(z.enum(['local', 'clerk']).optional())
    .describe(
      '`local` (the local development identity) or `clerk`; default `clerk` when `CLERK_SECRET_KEY` is set, else `local`. `clerk` without `CLERK_PUBLISHABLE_KEY` refuses to start.',
    ),
  ALLOW_LOCAL_IDENTITY: optionalString
    .pipe(z.enum(['true', 'false']).optional())
    .describe(
      'The local identity lets anyone sign in, so with a provider key set it only runs on a loopback `HOST`; `true` allows it elsewhere, knowingly.',
    ),
  CLERK_PUBLISHABLE_KEY: optionalString.describe(
    'Clerk identity (hosted sign-in at `/sign-in`, `/sign-up`); required in Clerk mode.',
  ),
  CLERK_SECRET_KEY: optionalString.describe(
    'Verifies Clerk session tokens (one of this or `CLERK_JWT_KEY` is needed in Clerk mode).',
  ),
  CLERK_JWT_KEY: optionalString.describe('PEM public key: verifies Clerk session tokens with no network call.'),
  CLERK_AUTHORIZED_PARTIES: optionalString.describe("Comma-separated origins accepted in a token's `azp` claim."),
  ...RunLimitsEnv,
});

export type AuthConfig =
  | { mode: 'local' }
  | {
      mode: 'clerk';
      publishableKey: string;
      /** https origin of Clerk's frontend API, decoded from the publishable key. */
      frontendApiOrigin: string;
      secretKey?: string;
      jwtKey?: string;
      authorizedParties?: string[];
    };

interface RunLimits {
  maxConcurrentPerUser: number;
  /** 0: no budget. */
  dailyBudgetUsd: number;
  /** An organization's runs, whoever makes them; 0: no budget. */
  orgDailyBudgetUsd: number;
  idleTimeoutMs: number;
  maxAnswerChars: number;
  /** Readiness answers 503 this long before the listener closes. */
  drainMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
  /** Express 'trust proxy' value: false, a hop count, or a list of addresses/subnets (never true). */
  trustProxy: TrustProxy;
  /** Host names this server answers to besides localhost, IP literals and HOST (DNS rebinding guard). */
  allowedHosts: string[];
  /** Per-user and per-call limits on model calls (USER_MAX_CONCURRENT_RUNS ... SHUTDOWN_DRAIN_MS). */
  runLimits: RunLimits;
  /** On SIGTERM, how long in-flight model calls may finish before they are aborted. */
  shutdownGraceMs: number;
  /** Start with an empty database although DATA_DIR held one before (explicit opt-in). */
  reinitializeDatabase: boolean;
  /** DATABASE_URL: PostgreSQL shared by every instance; SQLite in dataDir when unset. */
  databaseUrl?: string;
  /** REDIS_URL: rate-limit counters shared by every instance; in memory when unset. */
  redisUrl?: string;
  openai: { apiKey?: string; baseURL?: string };
  anthropic: { apiKey?: string; baseURL?: string };
  providerTimeoutMs: number;
  /** OPENAI_MODELS / ANTHROPIC_MODELS: an explicit model list instead of the provider's own. */
  modelPins: { openai?: string[]; anthropic?: string[] };
  modelsRefreshMs: number;
  webhookRetryBaseMs: number;
  lintCpuMsPerMinute: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach internal addresses. */
  webhookAllowPrivate: boolean;
  /** The model visitor trial runs use, and the OpenAI model Test Prompt runs on. */
  trialModel: string;
  testModel: string;
  providerMaxRetries: number;
  sessionSecret?: string;
  /** Trial runs per IP address in a rolling window of trialIpWindowMs (many visitors can share an address). */
  trialLimitPerIp: number;
  trialIpWindowMs: number;
  rateLimit: { windowMs: number; perIp: number; perUser: number; trialPerIp: number };
  remotes: { trial: string; workspace: string; progress: string };
  remoteTimeouts: { manifestMs: number; entryMs: number };
  /** ADMIN_TOKEN: the operator token of /api/admin; the admin API is off without it. */
  adminToken?: string;
  staticDirs: { shell: string; trial: string; workspace: string; progress: string };
  auth: AuthConfig;
}

export class ConfigError extends StartupError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Clerk publishable keys are `pk_test_` or `pk_live_` followed by base64 of the frontend API
 * host and a trailing `$`. Returns the https origin, or undefined for a malformed key.
 */
export function clerkFrontendApiOrigin(publishableKey: string): string | undefined {
  const m = /^pk_(test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey);
  if (!m) return undefined;
  let decoded: string;
  try {
    decoded = Buffer.from(m[2].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    return undefined;
  }
  if (!decoded.endsWith('$')) return undefined;
  const host = decoded.slice(0, -1);
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(host) || !host.includes('.')) return undefined;
  return `https://${host}`;
}

/** 127.0.0.0/8, ::1 (in any spelling, also IPv4-mapped 127.x) and 'localhost'. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) !== 6) return false;
  const normal = new URL(`http://[${h}]/`).hostname; // canonical form, e.g. [::1], [::ffff:7f00:1]
  return normal === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(normal);
}

/**
 * The local identity lets anyone sign in with any e-mail. With a provider key that means anyone who
 * can reach the server spends the key: allowed on a loopback address only, unless explicitly opted in.
 */
function checkLocalIdentityExposure(e: z.infer<typeof EnvSchema>, auth: AuthConfig): void {
  if (auth.mode !== 'local' || e.ALLOW_LOCAL_IDENTITY === 'true') return;
  const keys = [e.OPENAI_API_KEY && 'OPENAI_API_KEY', e.ANTHROPIC_API_KEY && 'ANTHROPIC_API_KEY'].filter(Boolean);
  if (keys.length === 0 || isLoopbackHost(e.HOST)) return;
  throw new ConfigError(
    `The local development identity (anyone can sign in with any e-mail) is active while ${keys.join(' and ')} ${keys.length > 1 ? 'are' : 'is'} set and HOST=${e.HOST} is reachable from other machines, so anyone could spend the provider key${keys.length > 1 ? 's' : ''}. Configure Clerk (CLERK_PUBLISHABLE_KEY with CLERK_SECRET_KEY or CLERK_JWT_KEY), or bind to a loopback address (HOST=127.0.0.1), or set ALLOW_LOCAL_IDENTITY=true if you accept that risk.`,
  );
}

function resolveAuth(e: z.infer<typeof EnvSchema>): AuthConfig {
  const mode = e.AUTH_MODE ?? (e.CLERK_SECRET_KEY ? 'clerk' : 'local');
  if (mode === 'local') return { mode };
  if (!e.CLERK_PUBLISHABLE_KEY) {
    throw new ConfigError(
      'Clerk authentication is selected (AUTH_MODE=clerk or CLERK_SECRET_KEY set) but CLERK_PUBLISHABLE_KEY is missing. Set CLERK_PUBLISHABLE_KEY, or unset AUTH_MODE and the CLERK_* variables to use the local identity.',
    );
  }
  const frontendApiOrigin = clerkFrontendApiOrigin(e.CLERK_PUBLISHABLE_KEY);
  if (!frontendApiOrigin) {
    throw new ConfigError(
      'CLERK_PUBLISHABLE_KEY is not a valid Clerk publishable key (expected pk_test_... or pk_live_...).',
    );
  }
  if (!e.CLERK_SECRET_KEY && !e.CLERK_JWT_KEY) {
    throw new ConfigError('Clerk authentication needs CLERK_SECRET_KEY or CLERK_JWT_KEY to verify session tokens.');
  }
  return {
    mode: 'clerk',
    publishableKey: e.CLERK_PUBLISHABLE_KEY,
    frontendApiOrigin,
    secretKey: e.CLERK_SECRET_KEY,
    // PEM keys often arrive with literal "\n" in env files.
    jwtKey: e.CLERK_JWT_KEY?.replace(/\\n/g, '\n'),
    authorizedParties: e.CLERK_AUTHORIZED_PARTIES?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** A comma-separated model list; undefined when unset or empty. */
function modelList(value: string | undefined): string[] | undefined {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  return ids.length ? ids : undefined;
}

/** Runs a parser whose errors are configuration errors. */
function configValue<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

function firstExisting(...candidates: string[]): string {
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}

/** Validates the environment. Throws ConfigError with every problem named by its variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (allowedHostsProblem([e.HOST]) || e.HOST.startsWith('.')) {
    throw new ConfigError(
      `HOST=${e.HOST} is not an address or host name. Use an address of this machine: 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`,
    );
  }
  if (e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError(
      'DATABASE_URL is set but SESSION_SECRET is not. Instances sharing a database must sign cookies with the same secret, and a generated one lives in one DATA_DIR only: set SESSION_SECRET (at least 32 random characters, e.g. `openssl rand -base64 48`) to the same value on every instance.',
    );
  }
  const auth = resolveAuth(e);
  checkLocalIdentityExposure(e, auth);
  const trustProxy = configValue(() => parseTrustProxy(e.TRUST_PROXY));
  const allowedHosts = (e.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const hostsProblem = allowedHostsProblem(allowedHosts);
  if (hostsProblem) throw new ConfigError(`ALLOWED_HOSTS: ${hostsProblem}.`);
  const staticRoot = e.STATIC_ROOT ? path.resolve(e.STATIC_ROOT) : REPO_ROOT;
  const dist = (override: string | undefined, folder: string) =>
    override ? path.resolve(override) : firstExisting(path.join(staticRoot, folder, 'dist'));

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy,
    allowedHosts,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    runLimits: {
      maxConcurrentPerUser: e.USER_MAX_CONCURRENT_RUNS,
      dailyBudgetUsd: e.USER_DAILY_BUDGET_USD,
      orgDailyBudgetUsd: e.ORG_DAILY_BUDGET_USD,
      idleTimeoutMs: e.PROVIDER_IDLE_TIMEOUT_MS,
      maxAnswerChars: e.MAX_ANSWER_CHARS,
      drainMs: e.SHUTDOWN_DRAIN_MS,
    },
    reinitializeDatabase: e.REINITIALIZE_DATABASE === 'true',
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    openai: { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL },
    anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseURL: e.ANTHROPIC_BASE_URL },
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    modelPins: { openai: modelList(e.OPENAI_MODELS), anthropic: modelList(e.ANTHROPIC_MODELS) },
    modelsRefreshMs: e.MODELS_REFRESH_MS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    lintCpuMsPerMinute: e.LINT_CPU_MS_PER_MINUTE,
    trialModel: e.TRIAL_MODEL ?? TRIAL_MODEL,
    testModel: e.TEST_MODEL ?? TEST_MODEL,
    providerMaxRetries: e.PROVIDER_MAX_RETRIES,
    sessionSecret: e.SESSION_SECRET,
    trialLimitPerIp: e.TRIAL_LIMIT_PER_IP,
    trialIpWindowMs: e.TRIAL_IP_WINDOW_HOURS * 60 * 60 * 1000,
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      perIp: e.RATE_LIMIT_PER_IP,
      perUser: e.RATE_LIMIT_PER_USER,
      trialPerIp: e.RATE_LIMIT_TRIAL_PER_IP,
    },
    remotes: {
      trial: e.REMOTE_TRIAL_URL ?? '/remotes/trial/mf-manifest.json',
      workspace: e.REMOTE_WORKSPACE_URL ?? '/remotes/workspace/mf-manifest.json',
      progress: e.REMOTE_PROGRESS_URL ?? '/remotes/progress/mf-manifest.json',
    },
    remoteTimeouts: { manifestMs: e.REMOTE_MANIFEST_TIMEOUT_MS, entryMs: e.REMOTE_ENTRY_TIMEOUT_MS },
    adminToken: e.ADMIN_TOKEN,
    staticDirs: {
      shell: dist(e.SHELL_DIST_DIR, 'shell'),
      trial: dist(e.MFE_TRIAL_DIST_DIR, 'mfe-trial'),
      workspace: dist(e.MFE_WORKSPACE_DIST_DIR, 'mfe-workspace'),
      progress: dist(e.MFE_PROGRESS_DIST_DIR, 'mfe-progress'),
    },
    auth,
  };
}
