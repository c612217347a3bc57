/** Request and response shapes of proxy-server's /api, shared by the server and every client. */
import type { AuthMode, AuthUser } from '../auth/types';
import type { RecordedRun, RunRecord } from './account';
import type { LintFinding } from '../lint/types';

export type ApiProviderId = 'openai' | 'anthropic';

/** POST /api/generate (signed-in). */
export interface GenerateRequest {
  provider: ApiProviderId;
  model: string;
  systemPrompt: string;
  userPrompt: string;
  /** Present for Perfect and Continue Building: the server records the run in the account. */
  run?: RunRecord;
}

/** POST /api/claude (signed-in): the spec's contract, plus the optional run record. */
export interface ClaudeRequest {
  model: string;
  systemPrompt: string;
  userPrompt: string;
  run?: RunRecord;
}

/** A model answer; `run` is set when a run record was sent and stored. */
export type TextResult = { text: string; run?: RecordedRun } | { error: string };

export type TrialOptimizeResponse =
  | { text: string; remaining: number; offline: boolean }
  | { error: string; remaining: number };

/**
 * POST /api/lint (anyone): the prompt check, offline; `variables` are test values by name. `model`
 * (signed in or a token with `run`) also asks a model for the meaning rules: `true` for the server's
 * default test model, or the provider and model to ask.
 */
export interface LintRequest {
  prompt: string;
  original?: string;
  variables?: Record<string, string>;
  model?: boolean | { provider: ApiProviderId; model: string };
}

/** How the model check went: the model asked, findings dropped (quote not in the prompt), the call's cost. */
export interface ModelCheckReport {
  provider: ApiProviderId;
  model: string;
  /** True when the answer came from the server's cache (same prompt, same model): nothing was charged. */
  cached: boolean;
  dropped: number;
  tokens: { input: number; output: number };
  costUsd: number;
}

export interface LintResponse {
  /** At most LINT_FINDINGS_PER_RULE of each rule, in position order. */
  findings: LintFinding[];
  /** By rule, how many more findings there were than the answer lists; absent when none were left out. */
  omitted?: Record<string, number>;
  /** Present when the model check ran. */
  modelCheck?: ModelCheckReport;
  /** Why the model check did not run although it was asked for (a visitor gets the rules only). */
  modelCheckSkipped?: string;
}

/** What POST /api/lint answers per rule; the rest are counted in `omitted`. */
export const LINT_FINDINGS_PER_RULE = 20;
/** The longest prompt (with its original) a visitor's POST /api/lint takes; signed-in callers may send more. */
export const LINT_VISITOR_MAX_CHARS = 10_000;

/** GET /api/trial/status (visitors): what the server counts for this visitor. */
export interface TrialStatusResponse {
  remaining: number;
  limit: number;
  offline: boolean;
}

/** Where a model entry comes from: the spec's catalogue, the provider's own list, or MODELS pins. */
export type ModelSource = 'catalogue' | 'discovered' | 'pinned';

export interface ApiModelInfo {
  id: string;
  name: string;
  description: string;
  isO1?: boolean;
  source: ModelSource;
}

export interface ProviderModels {
  id: ApiProviderId;
  label: string;
  configured: boolean;
  /** Catalogue models first (in the spec's order), then the others by id. */
  models: ApiModelInfo[];
  /** When the provider's list was last fetched (ISO), or null when the catalogue is shown as is. */
  fetchedAt: string | null;
  /** True when the last attempt to list the provider's models failed (the list shown is the previous one). */
  listFailed: boolean;
}

/** GET /api/providers ; POST /api/providers/refresh (signed in) */
export interface ProvidersResponse {
  providers: ProviderModels[];
  /** The model visitor trial runs use (TRIAL_MODEL). */
  trialModel: string;
  /** The OpenAI model Test Prompt runs on (TEST_MODEL). */
  testModel: string;
}

/** GET /api/auth/session ; POST /api/auth/local/sign-in {name, email} ; POST /api/auth/sign-out */
export interface SessionResponse {
  mode: AuthMode;
  user: AuthUser | null;
}
export interface LocalSignInRequest {
  name: string;
  email: string;
}

export interface HealthResponse {
  status: 'ok';
  uptimeSeconds: number;
  providers: Record<ApiProviderId, boolean>;
}

/** GET /api/health/ready: can this instance serve? 503 when a dependency it needs is unreachable. */
export interface ReadinessResponse {
  /** 'shutting down': SIGTERM received; the instance still serves for SHUTDOWN_DRAIN_MS so a load balancer can stop sending. */
  status: 'ready' | 'unavailable' | 'shutting down';
  database: 'ok' | 'unreachable' | 'not writable';
  /** Rate-limit counters; unreachable Redis leaves the instance serving (limits fail open) but not ready. */
  redis: 'ok' | 'unreachable' | 'not configured';
}
