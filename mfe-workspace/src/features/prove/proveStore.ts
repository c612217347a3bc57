import { create } from 'zustand';
import type {
  CaseResult,
  ModelChoice,
  OptimizationEstimate,
  OptimizationLimits,
  OptimizationResult,
  OptimizationRound,
  ScoreSummary,
  TestCase,
  TestSetSummary,
} from '@prompt-perfect/core/api/prove';

type RunStatus = 'running' | 'done' | 'failed' | 'stopped';

export interface EvaluationRun {
  prompt: string;
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
  startScore: number | null;
  rounds: OptimizationRound[];
  result: OptimizationResult | null;
  error: string | null;
}

/** The held-out score of the last kept version, or the starting score while no edit has been kept. */
export const heldOutScoreSoFar = (run: OptimizationRun) => run.rounds.findLast((r) => r.kept)?.candidateScore ?? run.startScore;

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
  /** null: the judge is the run model. */
  judge: ModelChoice | null;
  limits: OptimizationLimits;
  estimate: { status: 'idle' | 'loading' | 'ready' | 'failed'; value: OptimizationEstimate | null; error: string | null };
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
