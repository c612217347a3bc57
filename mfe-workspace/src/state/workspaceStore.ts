import { create } from 'zustand';
import { DEFAULT_LANGUAGE, type LanguageId } from '@prompt-perfect/core/catalog/languages';
import type { ProviderId } from '@prompt-perfect/core/catalog/providers';
import type { TechniqueId } from '@prompt-perfect/core/catalog/techniques';
import { DEFAULT_TONE, type ToneId } from '@prompt-perfect/core/catalog/tones';
import type { OptimizationOptions } from '@prompt-perfect/core/prompt/options';
import { variableNames } from '@prompt-perfect/core/prompt/variables';
import { firstOfferedModel, modelsOf, startingModel, useProvidersStore } from './providersStore';
import { cancelRuns } from './runs';
import { useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';

/** A text shown in the output or test output; `error` texts are plain, results are markdown. */
export interface ResultText {
  text: string;
  error: boolean;
  /** The answer is still arriving. */
  streaming?: boolean;
  /** The run failed after this much of the answer arrived: the message shown beside it. */
  interruption?: string;
  /** The provider's own words about the interruption, shown under "Details". */
  details?: string;
  /** The model that wrote it (an id), or the offline optimizer's name. */
  model?: string;
  /** The user pressed Stop before the answer ended: `text` is what had arrived. */
  stopped?: boolean;
}

/** A Perfect that failed before any text: shown beside the output, which keeps the last good result. */
export interface RunFailure {
  /** A sentence with what to do next. */
  message: string;
  /** The provider's own words, shown under "Details". */
  details?: string;
  /** From a 429's retry-after: when the server allows another try. */
  retryAfterSeconds?: number;
}

export interface WorkspaceState {
  technique: TechniqueId;
  provider: ProviderId;
  model: string;
  positiveExamples: string;
  negativeExamples: string;
  personaId: string | null;
  audienceId: string | null;
  language: LanguageId;
  tone: ToneId;
  customTone: string;
  templateId: string | null;

  input: string;
  /** Test values of the prompt's {{variables}}, by name (Test Prompt fills them in). */
  variables: Record<string, string>;
  output: ResultText | null;
  /** The input the current output was made from (what a favorite saves as the original). */
  outputSource: string;
  /** The account history entry of the current output (what Continue Building refines), if recorded. */
  outputHistoryId: number | null;
  /** What the current output was made from (madeFromOf), to tell when it is out of date; '' when unknown. */
  outputMadeFrom: string;
  /** A Perfect or Continue Building the user stopped: its partial text, shown marked, never the result. */
  stoppedOutput: ResultText | null;
  busy: boolean;
  runFailure: RunFailure | null;

  testInput: string;
  /** The Test model the user picked (provider and model); null follows the default (see testModel.ts). */
  testModelChoice: { provider: ProviderId; model: string } | null;
  testOutput: ResultText | null;
  testBusy: boolean;
  /** A Test that failed before any text: shown beside the test output, which keeps the last good answer. */
  testFailure: RunFailure | null;
  /** Compare: the same test input through the original prompt and through the optimized one. */
  compare: { original: ResultText | null; optimized: ResultText | null } | null;
  compareBusy: boolean;

  continueText: string;
  continueBusy: boolean;
  continueError: string | null;
  /** The provider's own words about the last Continue Building failure, shown under "Details". */
  continueErrorDetails: string | null;

  /** What the last Clear (or template) removed, while it can still be undone (the toast is up). */
  clearedWork: Partial<WorkspaceState> | null;
  /** What the Undo toast says; null is Clear's line. */
  clearedNote: string | null;
}

export interface WorkspaceActions {
  set: (patch: Partial<WorkspaceState>) => void;
  /** Changing provider resets the model to that provider's first model. */
  setProvider: (provider: ProviderId) => void;
  /** Spec section 4: the Clear button. Technique, provider and model stay. Cancels runs in flight. Undoable. */
  clear: () => void;
  /**
   * Fills the prompt from a template. Text the user typed is never lost: it can be put back with
   * Undo, as after Clear.
   */
  applyTemplate: (patch: Pick<WorkspaceState, 'templateId' | 'input' | 'variables'>) => void;
  /** Puts back what the last Clear removed (a run that was cancelled stays cancelled). */
  undoClear: () => void;
  /** The Undo offer ended: what Clear removed is gone. */
  forgetCleared: () => void;
  /** Cancels every run in flight, then applies the patch (Use on a favorite). */
  replaceAfterCancel: (patch: Partial<WorkspaceState>) => void;
  /** Cancels every run in flight and drops the session state (the workspace unmounts). */
  reset: () => void;
}

function initialSelections(): Pick<WorkspaceState, 'technique' | 'provider' | 'model'> {
  const { defaultTechnique, defaultProvider } = useSettingsStore.getState();
  return { technique: defaultTechnique, provider: defaultProvider, model: startingModel(defaultProvider) };
}

const CLEARED = {
  input: '',
  variables: {},
  output: null,
  outputSource: '',
  outputHistoryId: null,
  outputMadeFrom: '',
  stoppedOutput: null,
  runFailure: null,
  testInput: '',
  testOutput: null,
  testFailure: null,
  compare: null,
  templateId: null,
  positiveExamples: '',
  negativeExamples: '',
  tone: DEFAULT_TONE,
  customTone: '',
  language: DEFAULT_LANGUAGE,
  personaId: null,
  audienceId: null,
  continueText: '',
  continueError: null,
  continueErrorDetails: null,
} satisfies Partial<WorkspaceState>;

/** The Undo toast's line after a template replaced typed text. */
export const TEMPLATE_REPLACED_NOTE = 'The template replaced your prompt.';

const IDLE = {
  busy: false,
  testBusy: false,
  continueBusy: false,
  compareBusy: false,
} satisfies Partial<WorkspaceState>;

export function createInitialState(): WorkspaceState {
  return {
    ...initialSelections(),
    testModelChoice: null,
    ...CLEARED,
    ...IDLE,
    clearedWork: null,
    clearedNote: null,
  };
}

/** The part of the state Clear resets, as it is now (what Undo puts back). */
function clearedPart(s: WorkspaceState): Partial<WorkspaceState> {
  const part: Partial<WorkspaceState> = {};
  for (const key of Object.keys(CLEARED) as Array<keyof typeof CLEARED>) Object.assign(part, { [key]: s[key] });
  // A half-streamed answer is kept as it stood, no longer streaming.
  if (part.output?.streaming) part.output = { ...part.output, streaming: false };
  if (part.testOutput?.streaming) part.testOutput = { ...part.testOutput, streaming: false };
  return part;
}

const isEmpty = (part: Partial<WorkspaceState>) =>
  Object.entries(CLEARED).every(
    ([key, value]) => JSON.stringify(part[key as keyof WorkspaceState]) === JSON.stringify(value),
  );

export const useWorkspaceStore = create<WorkspaceState & WorkspaceActions>()((set, get) => ({
  ...createInitialState(),
  set: (patch) => set(patch),
  setProvider: (provider) => set({ provider, model: firstOfferedModel(provider) }),
  clear: () => {
    const removed = clearedPart(get());
    cancelRuns();
    set({ ...CLEARED, ...IDLE, clearedWork: isEmpty(removed) ? null : removed, clearedNote: null });
  },
  applyTemplate: (patch) => {
    const { input, variables, templateId } = get();
    const typed = input.trim() !== '' && input !== patch.input;
    set({
      ...patch,
      ...(typed ? { clearedWork: { input, variables, templateId }, clearedNote: TEMPLATE_REPLACED_NOTE } : {}),
    });
  },
  undoClear: () => {
    const { clearedWork } = get();
    if (clearedWork) set({ ...clearedWork, clearedWork: null, clearedNote: null });
  },
  forgetCleared: () => set({ clearedWork: null, clearedNote: null }),
  replaceAfterCancel: (patch) => {
    cancelRuns();
    set({ ...IDLE, outputHistoryId: null, stoppedOutput: null, runFailure: null, ...patch });
    // A restored result was made from what is restored with it.
    if (patch.output) set({ outputMadeFrom: madeFromOf(get()) });
  },
  reset: () => {
    cancelRuns();
    set(createInitialState());
  },
}));

/** The test value of every variable the prompt uses ('' when none given yet). */
export function variablesOf(
  s: Pick<WorkspaceState, 'input' | 'variables'>,
  names = variableNames(s.input),
): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, s.variables[name] ?? '']));
}

/** The options every model call and the offline optimizer take. */
export function optionsOf(s: WorkspaceState): OptimizationOptions {
  return {
    technique: s.technique,
    positiveExamples: s.positiveExamples,
    negativeExamples: s.negativeExamples,
    language: s.language,
    tone: s.tone,
    customTone: s.customTone,
    personaId: s.personaId,
    audienceId: s.audienceId,
    templateId: s.templateId,
  };
}

/** What a result is made from: the prompt and every option (compared to tell when it is out of date). */
export function madeFromOf(s: WorkspaceState): string {
  return JSON.stringify({ input: s.input.trim(), ...optionsOf(s) });
}

/**
 * True when the prompt or its options changed after the shown result was made. A result whose
 * making is unknown (a draft saved before this was recorded) compares the prompt alone.
 */
export function isOutOfDate(s: WorkspaceState): boolean {
  if (!s.output || s.output.error || s.output.streaming) return false;
  if (s.outputMadeFrom) return s.outputMadeFrom !== madeFromOf(s);
  return s.outputSource.trim() !== '' && s.outputSource.trim() !== s.input.trim();
}

// When the server's model list arrives or is refreshed without the chosen model (a local server
// that offers only its own models), the workspace moves to one the server accepts.
useProvidersStore.subscribe((providers, previous) => {
  if (providers.models === previous.models) return;
  const { provider, model } = useWorkspaceStore.getState();
  if (!modelsOf(providers.models, provider).some((m) => m.id === model))
    useWorkspaceStore.setState({ model: startingModel(provider) });
});

// The account's settings can arrive after the workspace opened (from the cache or the server):
// a workspace nobody has used yet follows the new defaults; one in use keeps its choices.
useSettingsStore.subscribe((settings, previous) => {
  if (settings.defaultTechnique === previous.defaultTechnique && settings.defaultProvider === previous.defaultProvider)
    return;
  const s = useWorkspaceStore.getState();
  const untouched =
    s.input === '' &&
    s.output === null &&
    !s.busy &&
    s.technique === previous.defaultTechnique &&
    s.provider === previous.defaultProvider;
  if (untouched) useWorkspaceStore.setState(initialSelections());
});
