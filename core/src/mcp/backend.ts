/**
 * What the MCP tools (and the CLI) need from Prompt Perfect, whoever provides it: the server itself
 * (proxy-server's /mcp), a running server's REST API (the CLI with a token), or the offline tools in
 * process. Each backend implements only what it can; the tools it lacks are not offered.
 */
import type { HistoryPage } from '../api/account';
import type {
  EvaluationResult,
  ModelChoice,
  OptimizationLimits,
  OptimizationResult,
  TestSet,
  TestSetSummary,
} from '../api/prove';
import type { TokenScope } from '../api/tokens';
import type { ApiProviderId, LintRequest, LintResponse } from '../api/types';
import type { LanguageId } from '../catalog/languages';
import type { TechniqueId } from '../catalog/techniques';
import type { ToneId } from '../catalog/tones';

interface LintArgs {
  prompt: string;
  original?: string;
  variables?: Record<string, string>;
  /** Also ask a model (the model check; true: the server's test model): spends, so it needs the `run` scope. */
  model?: LintRequest['model'];
}

/** The findings (the rules', merged with the model's when it was asked) and how the model check went. */
type LintResult = Pick<LintResponse, 'findings' | 'modelCheck'>;

interface ImproveArgs {
  prompt: string;
  technique?: TechniqueId;
  tone?: ToneId;
  language?: LanguageId;
  /** Both, or neither: the offline optimizer. */
  provider?: ApiProviderId;
  model?: string;
}

export interface ImproveResult {
  prompt: string;
  /** 'offline' when no model was called. */
  provider: ApiProviderId | 'offline';
  model: string;
  historyId?: number;
}

interface EvaluateArgs extends ModelChoice {
  prompt: string;
  testSetId: number;
  judge: ModelChoice;
}

interface OptimizeArgs extends EvaluateArgs {
  limits: OptimizationLimits;
}

interface HistoryArgs {
  limit?: number;
  query?: string;
}

/** One step of a long run, for progress notifications and progress bars. */
export interface RunProgress {
  progress: number;
  total?: number;
  message: string;
}

/** A long run: stops when `signal` aborts (the client cancelled), reports as it goes. */
export interface RunControl {
  signal: AbortSignal;
  onProgress(p: RunProgress): void;
}

export interface PromptPerfectBackend {
  /** What the caller may do here: a personal token's scopes, or both. */
  readonly scopes: readonly TokenScope[];
  lint(args: LintArgs): Promise<LintResult>;
  improve(args: ImproveArgs, signal: AbortSignal): Promise<ImproveResult>;
  evaluate?(args: EvaluateArgs, run: RunControl): Promise<EvaluationResult>;
  optimize?(args: OptimizeArgs, run: RunControl): Promise<OptimizationResult>;
  listTestSets?(): Promise<TestSetSummary[]>;
  getTestSet?(id: number): Promise<TestSet>;
  getHistory?(args: HistoryArgs): Promise<HistoryPage>;
}
