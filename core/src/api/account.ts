/**
 * The account's data as /api/me serves it: settings, favorites, progress and run history belong to
 * the signed-in user and live on the server. Shared by the server and every client.
 */
import type { TestSet } from './prove';
import type { ProviderId } from '../catalog/providers';
import type { LanguageId } from '../catalog/languages';
import type { TechniqueId } from '../catalog/techniques';
import type { ToneId } from '../catalog/tones';
import type { EarnedBadge } from '../progress/badges';
import type { Stats } from '../progress/recordRun';
import type { OptimizationOptions } from '../prompt/options';

/** Favorites an account can keep; adding one more is refused with FAVORITES_FULL. */
export const FAVORITES_MAX = 500;
/** Runs kept in an account's history; older ones are dropped, oldest first. */
export const HISTORY_MAX = 5000;
/** The longest task or addition text a run record keeps (the request body is 64 KB at most). */
export const RUN_INPUT_MAX = 20_000;
/** The longest custom tone a run record keeps. */
export const CUSTOM_TONE_MAX = 200;
export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;

export const FAVORITES_FULL = `You have ${FAVORITES_MAX} favorites, the most an account keeps. Remove some to add more.`;
export const ALREADY_IMPORTED = 'This account has already imported data from a browser.';

/** GET /api/me/budget: today's model spend against USER_DAILY_BUDGET_USD (estimated from list prices). */
export interface DailyBudgetStatus {
  /** null: this server sets no daily budget. */
  budgetUsd: number | null;
  spentUsd: number;
  /** null without a budget. */
  leftUsd: number | null;
  /** ISO time the budget renews (next midnight UTC). */
  renewsAt: string;
}

/**
 * [teams] GET /api/orgs/:org/budget (members): both budgets a run in the organization counts against,
 * `personal` exactly as GET /api/me/budget answers it (USER_DAILY_BUDGET_USD), `org` against
 * ORG_DAILY_BUDGET_USD. A run is refused once either is spent.
 */
export interface SpaceBudgetStatus {
  personal: DailyBudgetStatus;
  org: DailyBudgetStatus & { orgId: string; name: string };
}

export interface AccountSettings {
  /** The AI optimization switch; null = not chosen (on when the provider is configured). */
  aiEnabled: boolean | null;
  defaultTechnique: TechniqueId;
  defaultProvider: ProviderId;
  /** IANA time zone the streak's days are counted in; null = the server's. */
  timeZone: string | null;
}

export interface Favorite {
  /** Creation timestamp in ms, unique within the account. */
  id: number;
  originalPrompt: string;
  optimizedPrompt: string;
  technique: TechniqueId;
  language: LanguageId;
  tone: ToneId;
  /** ISO date. */
  createdAt: string;
  /** scorePrompt(optimizedPrompt) when it was saved. */
  score: number;
}

export type NewFavorite = Omit<Favorite, 'id' | 'createdAt' | 'score'>;

export type RunKind = 'perfect' | 'continue';

/** The options a run was made with (what Restore brings back). */
export interface RunOptions {
  technique: TechniqueId;
  language: LanguageId;
  tone: ToneId;
  customTone?: string;
  personaId?: string | null;
  audienceId?: string | null;
  templateId?: string | null;
}

/**
 * Sent with a signed-in model call (POST /api/generate or /api/claude, field `run`) so the server
 * records it: `input` is the task (Perfect) or the additions (Continue Building); `refines` is the
 * history id of the version a Continue Building run refined.
 */
export interface RunRecord {
  kind: RunKind;
  input: string;
  options: RunOptions;
  refines?: number | null;
}

/** The record of a run made with these options (the fields the server keeps, within its limits). */
export function runRecordOf(
  kind: RunKind,
  input: string,
  options: OptimizationOptions,
  refines?: number | null,
): RunRecord {
  return {
    kind,
    input: input.slice(0, RUN_INPUT_MAX),
    options: {
      technique: options.technique,
      language: options.language,
      tone: options.tone,
      customTone: options.customTone?.slice(0, CUSTOM_TONE_MAX),
      personaId: options.personaId ?? null,
      audienceId: options.audienceId ?? null,
      templateId: options.templateId ?? null,
    },
    ...(kind === 'continue' ? { refines: refines ?? null } : {}),
  };
}

/** POST /api/me/runs (or /api/orgs/:org/runs): a run of the offline optimizer, which makes no model call. */
export interface OfflineRunRecord extends RunRecord {
  output: string;
}

export interface HistoryEntry {
  id: number;
  kind: RunKind;
  input: string;
  output: string;
  provider: ProviderId | 'offline';
  model: string;
  options: RunOptions;
  /** The version this one refined (Continue Building), or null for a Perfect. */
  refines: number | null;
  /** The id of the Perfect that started this chain of versions. */
  chainId: number;
  /** ISO date. */
  createdAt: string;
  /** True when the user stopped the run before the answer ended: `output` is what had arrived. */
  stopped: boolean;
}

export interface HistoryPage {
  items: HistoryEntry[];
  /** Pass as ?cursor= for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** What a recorded run changed: the progress after it (Perfect only) and its history entry. */
export interface RecordedRun {
  historyId: number;
  progress: ProgressUpdate | null;
}

export interface ProgressUpdate {
  stats: Stats;
  xpGained: number;
  newBadges: EarnedBadge[];
}

/** POST /api/me/import: what a browser held before accounts owned the data (accepted once). */
export interface ImportRequest {
  favorites: unknown[];
  stats: unknown;
}
export interface ImportResult {
  favorites: number;
  xp: number;
  badges: number;
}

/** GET /api/me/export */
export interface AccountExport {
  exportedAt: string;
  user: { id: string; name: string; email: string };
  settings: AccountSettings;
  favorites: Favorite[];
  progress: Stats;
  history: HistoryEntry[];
  testSets: TestSet[];
}
