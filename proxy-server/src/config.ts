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
import { allowedHostsProblem } from './network/hostAllowList';
import { parseTrustProxy, type TrustProxy } from './network/trustProxy';
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

const url = (def?: string) => optionalString.pipe(z.string().url('must be a URL').optional()).transform((v) => v ?? def);

/** Shorter secrets can be brute-forced offline from one signed cookie. */
export const SESSION_SECRET_MIN_LENGTH = 32;

const EnvSchema = z.object({
  PORT: int(3002, 0, 65535),
  HOST: optionalString.transform((v) => v ?? '127.0.0.1'),
  DATA_DIR: optionalString,
  LOG_LEVEL: optionalString.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  TRUST_PROXY: optionalString,
  ALLOWED_HOSTS: optionalString,
  SHUTDOWN_GRACE_MS: int(30_000, 0, 600_000),
  REINITIALIZE_DATABASE: optionalString.pipe(z.enum(['true', 'false']).optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),

  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  OPENAI_BASE_URL: url(),
  ANTHROPIC_BASE_URL: url(),
  PROVIDER_TIMEOUT_MS: int(600_000, 1, 3_600_000),
  OPENAI_MODELS: optionalString,
  ANTHROPIC_MODELS: optionalString,
  MODELS_REFRESH_MS: int(300_000, 10_000, 86_400_000),
  /** [registry] webhook retries wait this long, then 4x, then 16x. */
  WEBHOOK_RETRY_BASE_MS: int(2_000, 10, 600_000),
  TRIAL_MODEL: optionalString,
  TEST_MODEL: optionalString,
  PROVIDER_MAX_RETRIES: int(2, 0, 10),

  SESSION_SECRET: optionalString.pipe(z.string().min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`).optional()),
  TRIAL_LIMIT_PER_IP: int(50, 1, 1_000_000),
  TRIAL_IP_WINDOW_HOURS: int(24, 1, 24 * 365),

  RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 86_400_000),
  RATE_LIMIT_PER_IP: int(300, 1, 10_000_000),
  RATE_LIMIT_PER_USER: int(60, 1, 10_000_000),
  RATE_LIMIT_TRIAL_PER_IP: int(30, 1, 10_000_000),

  REMOTE_TRIAL_URL: optionalString,
  REMOTE_WORKSPACE_URL: optionalString,
  REMOTE_PROGRESS_URL: optionalString,
  REMOTE_MANIFEST_TIMEOUT_MS: int(10_000, 1, 600_000),
  REMOTE_ENTRY_TIMEOUT_MS: int(120_000, 1, 600_000),

  STATIC_ROOT: optionalString,
  SHELL_DIST_DIR: optionalString,
  MFE_TRIAL_DIST_DIR: optionalString,
  MFE_WORKSPACE_DIST_DIR: optionalString,
  MFE_PROGRESS_DIST_DIR: optionalString,

  AUTH_MODE: optionalString.pipe(z.enum(['local', 'clerk']).optional()),
  ALLOW_LOCAL_IDENTITY: optionalString.pipe(z.enum(['true', 'false']).optional()),
  CLERK_PUBLISHABLE_KEY: optionalString,
  CLERK_SECRET_KEY: optionalString,
  CLERK_JWT_KEY: optionalString,
  CLERK_AUTHORIZED_PARTIES: optionalString,
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

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
  /** Express 'trust proxy' value: false, a hop count, or a list of addresses/subnets (never true). */
  trustProxy: TrustProxy;
  /** Host names this server answers to besides localhost, IP literals and HOST (DNS rebinding guard). */
  allowedHosts: string[];
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
    throw new ConfigError('CLERK_PUBLISHABLE_KEY is not a valid Clerk publishable key (expected pk_test_... or pk_live_...).');
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
  const dist = (override: string | undefined, folder: string) => (override ? path.resolve(override) : firstExisting(path.join(staticRoot, folder, 'dist')));

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy,
    allowedHosts,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    reinitializeDatabase: e.REINITIALIZE_DATABASE === 'true',
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    openai: { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL },
    anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseURL: e.ANTHROPIC_BASE_URL },
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    modelPins: { openai: modelList(e.OPENAI_MODELS), anthropic: modelList(e.ANTHROPIC_MODELS) },
    modelsRefreshMs: e.MODELS_REFRESH_MS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
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
    staticDirs: {
      shell: dist(e.SHELL_DIST_DIR, 'shell'),
      trial: dist(e.MFE_TRIAL_DIST_DIR, 'mfe-trial'),
      workspace: dist(e.MFE_WORKSPACE_DIST_DIR, 'mfe-workspace'),
      progress: dist(e.MFE_PROGRESS_DIST_DIR, 'mfe-progress'),
    },
    auth,
  };
}
