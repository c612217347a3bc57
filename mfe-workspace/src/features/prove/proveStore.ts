import { create } from 'zustand';
import type {
  CaseResult,
  ModelChoice,
  OptimizationEstimate,
  OptimizationLimits,
  OptimizationResult,
  OptimizationRound,
  PowerAdvice,
  ScoreSummary,
  TestCase,
  TestSetSummary,
} from '@prompt-perfect/core/api/prove';

type RunStatus = 'running' | 'done' | 'failed' | 'stopped';

export interface EvaluationRun {
  prompt: string;
  /** What the prompt is: "Your prompt" or "Version n" of the last optimization. */
  label: string;
  status: RunStatus;
  done: number;
  total: number;
  results: CaseResult[];
  summary: ScoreSummary | null;
  tokens: number | null;
  error: string | null;
}

export interface OptimizationRun {
  /** The prompt the run started from. */
  prompt: string;
  status: RunStatus;
  limits: OptimizationLimits;
  /** Cases judged while the starting prompt is scored (before `startScore` is known). */
  scoring: { done: number; total: number } | null;
  /** The starting prompt's validation mean, its answers on the training and validation cases, and the power advice. */
  startScore: number | null;
  startResults: CaseResult[];
  power: PowerAdvice | null;
  rounds: OptimizationRound[];
  /** Test cases judged after the last round (null before). */
  testing: { done: number; total: number } | null;
  result: OptimizationResult | null;
  error: string | null;
}

/** The validation score of the last version that passed, or the starting score while none has. */
export const validationScoreSoFar = (run: OptimizationRun) =>
  run.rounds.findLast((r) => r.kept)?.candidateScore ?? run.startScore;

/** How many versions passed validation: the last one is "version n". */
export const versionCount = (run: OptimizationRun | null) => run?.rounds.filter((r) => r.kept).length ?? 0;

export interface Note {
  text: string;
  error: boolean;
  /** Shown beside the action it is about: the case tools at the top, or Save at the bottom. */
  at: 'cases' | 'save';
}

export interface ProveState {
  /** The saved set being edited; null until first saved. */
  setId: number | null;
  name: string;
  rubric: string;
  cases: TestCase[];
  /** Edited since the last save (or load). */
  dirty: boolean;
  editorBusy: 'drafting' | 'saving' | 'loading' | 'deleting' | null;
  editorNote: Note | null;
  saved: TestSetSummary[] | null;
  /** null: the default judge (another model than the one tested). */
  judge: ModelChoice | null;
  limits: OptimizationLimits;
  /** The user changed a limit: the estimate no longer raises the defaults. */
  limitsTouched: boolean;
  estimate: {
    status: 'idle' | 'loading' | 'ready' | 'failed';
    value: OptimizationEstimate | null;
    error: string | null;
  };
  evaluations: { original: EvaluationRun | null; optimized: EvaluationRun | null };
  optimization: OptimizationRun | null;
}

const DEFAULT_LIMITS: OptimizationLimits = { maxRounds: 5, maxTokens: 200_000, maxCostUsd: 1 };

export function initialProveState(): ProveState {
  return {
    setId: null,
    name: '',
    rubric: '',
    cases: [],
    dirty: false,
    editorBusy: null,
    editorNote: null,
    saved: null,
    judge: null,
    limits: DEFAULT_LIMITS,
    limitsTouched: false,
    estimate: { status: 'idle', value: null, error: null },
    evaluations: { original: null, optimized: null },
    optimization: null,
  };
}

/** The Prove panel's state: kept while the panel is closed, so a run goes on and its report stays. */
export const useProveStore = create<ProveState>()(() => initialProveState());

/** Editing the set: marks it unsaved and clears the last note. */
export function editSet(patch: Partial<Pick<ProveState, 'name' | 'rubric' | 'cases'>>): void {
  useProveStore.setState({ ...patch, dirty: true, editorNote: null });
}
