import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { runRecordOf, type OfflineRunRecord, type RecordedRun, type RunRecord } from '@prompt-perfect/core/api/account';
import {
  callClaudeStream,
  generateStream,
  StreamInterrupted,
  type StreamedAnswer,
} from '@prompt-perfect/shared/api/streamClient';
import { OFFLINE_MODEL_NAME } from '@prompt-perfect/core/catalog/modelNames';
import { PROVIDERS, type ProviderId } from '@prompt-perfect/core/catalog/providers';
import { errorText, MSG, providerNotConfigured, refinementErrorText } from '@prompt-perfect/core/messages';
import {
  buildContinueBuildingRequest,
  buildOptimizationRequest,
  buildTestRequest,
  type ModelRequest,
} from '@prompt-perfect/core/prompt/buildRequests';
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import {
  validateContinueBuilding,
  validateOptimizeInput,
  validateTestInput,
} from '@prompt-perfect/core/prompt/validation';
import { applyRecordedRun, recordOfflineRun } from '@prompt-perfect/shared/account/accountActions';
import { effectiveAiEnabled, useSettingsStore } from '@prompt-perfect/shared/stores/settingsStore';
import { useProvidersStore } from './providersStore';
import { currentTestModel, NO_TEST_MODEL_REASON } from './testModel';
import { endRun, startRun, wasCancelled, type RunKind } from './runs';
import {
  madeFromOf,
  optionsOf,
  useWorkspaceStore,
  variablesOf,
  type ResultText,
  type RunFailure,
  type WorkspaceState,
} from './workspaceStore';
import { explainFailure } from '@prompt-perfect/core/errors/explainFailure';
import { fillVariables } from '@prompt-perfect/core/prompt/variables';

const setState = (patch: Parameters<ReturnType<typeof useWorkspaceStore.getState>['set']>[0]) =>
  useWorkspaceStore.getState().set(patch);

/**
 * null when the provider may be called, else the administrator message. Only a provider the
 * server REPORTED as unconfigured is refused: when availability is unknown (GET /api/providers
 * failed) the call is made anyway and the gateway, or the connection failure, gives the message.
 */
async function providerProblem(provider: ProviderId): Promise<string | null> {
  const { configured } = await useProvidersStore.getState().load();
  return configured[provider] === false ? providerNotConfigured(PROVIDERS[provider].label) : null;
}

/** Whether Perfect uses the model (true) or the offline optimizer (false). */
async function aiIsOn(provider: ProviderId): Promise<boolean> {
  const { aiEnabled } = useSettingsStore.getState();
  if (aiEnabled !== null) return aiEnabled;
  const { configured } = await useProvidersStore.getState().load();
  return effectiveAiEnabled(null, configured[provider]);
}

const offlineAnswer = (text: string): StreamedAnswer => ({ text, stopped: false, offline: true });

/**
 * One streamed model call. Anthropic goes through the spec's POST /api/claude contract (with its
 * connection-failure messages); OpenAI through the gateway's /api/generate. With a run record the
 * server strips leading phrases and records the run in the account.
 */
export async function modelAnswer(
  provider: ProviderId,
  model: string,
  request: ModelRequest & { run?: RunRecord },
  signal: AbortSignal,
  onText: (textSoFar: string) => void,
): Promise<StreamedAnswer> {
  const problem = await providerProblem(provider);
  if (problem) throw new Error(problem);
  signal.throwIfAborted();
  const options = { signal, onText: (text: string) => !signal.aborted && onText(text) };
  if (provider === 'anthropic') return callClaudeStream({ model, ...request }, options);
  return generateStream({ provider, model, ...request }, options);
}

const BUSY_FLAG = { perfect: 'busy', continue: 'continueBusy', test: 'testBusy', compare: 'compareBusy' } as const;

/** A run that failed: what was thrown, and any text that had already arrived. */
interface Failure {
  message: string;
  partialText: string;
  /** The HTTP status, when the server answered. */
  status?: number;
  retryAfterSeconds?: number;
}

/**
 * Runs one cancellable job with its kind's busy flag set. Resolves with the answer (possibly a
 * stopped, partial one), or undefined when the run was cancelled or failed; a failure is passed to
 * `onFailure` with any text that had already arrived.
 */
async function track(
  kind: RunKind,
  job: (signal: AbortSignal) => Promise<StreamedAnswer>,
  onFailure: (failure: Failure) => void,
): Promise<StreamedAnswer | undefined> {
  const signal = startRun(kind);
  setState({ [BUSY_FLAG[kind]]: true });
  try {
    const answer = await job(signal);
    return wasCancelled(signal) ? undefined : answer;
  } catch (error) {
    // Cancelled, or stopped before any text arrived: nothing to show.
    if (signal.aborted) return undefined;
    onFailure({
      message: messageOf(error),
      partialText: error instanceof StreamInterrupted ? error.partialText : '',
      status: statusOf(error),
      retryAfterSeconds: retryAfterOf(error),
    });
    return undefined;
  } finally {
    // A cancelled run's busy flag was already reset by whoever cancelled it.
    if (!wasCancelled(signal)) setState({ [BUSY_FLAG[kind]]: false });
    endRun(kind, signal);
  }
}

/** When the server said to try again (ApiError; read structurally, as remotes may hold their own copy). */
function retryAfterOf(error: unknown): number | undefined {
  const seconds =
    error && typeof error === 'object' && 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** The HTTP status of a failure, when the server answered (read structurally, like retryAfterOf). */
function statusOf(error: unknown): number | undefined {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && status > 0 ? status : undefined;
}

/** A failure as a run shows it: a sentence with what to do ('Error: …' or `prefix`), the provider's words apart. */
function runFailureOf(
  { message, status, retryAfterSeconds }: Omit<Failure, 'partialText'>,
  prefix: (sentence: string) => string = errorText,
): RunFailure {
  const { sentence, details } = explainFailure(message, status);
  return { message: prefix(sentence), ...(details ? { details } : {}), retryAfterSeconds };
}

/** What a failed run shows: the error alone, or the partial text with the error beside it. */
export function failedOutput(message: string, partialText: string, details?: string): ResultText {
  return partialText
    ? { text: partialText, error: false, interruption: message, details }
    : { text: message, error: true, details };
}

const shownFailure = (failure: Failure): [string, string, string | undefined] => {
  const { message, details } = runFailureOf(failure);
  return [message, failure.partialText, details];
};

/** The shown result before a run began, put back when the user stops the run. */
function earlierResult(s: WorkspaceState): Partial<WorkspaceState> {
  const kept = s.output && !s.output.error && !s.output.streaming && !s.output.interruption;
  return {
    output: kept ? s.output : null,
    outputSource: kept ? s.outputSource : '',
    outputHistoryId: kept ? s.outputHistoryId : null,
    outputMadeFrom: kept ? s.outputMadeFrom : '',
  };
}

/** After Stop: the earlier complete result stays the result; the stopped text is shown apart, marked. */
function keepEarlierAfterStop(earlier: Partial<WorkspaceState>, answer: StreamedAnswer, model: string): void {
  setState({ ...earlier, stoppedOutput: { text: answer.text, error: false, model, stopped: true } });
}

/**
 * Perfect: validate (spec section 5), then the offline optimizer (AI off, no network call) or a
 * streamed model call. The score recorded is that of the OPTIMIZED prompt (the text the product
 * produced), so better results earn more xp. A stopped run keeps and records its partial text; a
 * run cancelled by Clear, Use or leaving the workspace writes nothing and records nothing.
 */
export async function perfect(): Promise<void> {
  const s = useWorkspaceStore.getState();
  if (s.busy) return;
  const { input, provider, model } = s;
  const invalid = validateOptimizeInput({ input, technique: s.technique });
  if (invalid) {
    s.set({ runFailure: { message: errorText(invalid) } });
    return;
  }
  const earlier = earlierResult(s);
  const madeFrom = madeFromOf(s);
  s.set({ runFailure: null, stoppedOutput: null });
  const options = optionsOf(s);
  const show = (output: ResultText) => setState({ output, outputSource: input, outputMadeFrom: madeFrom });
  const answer = await track(
    'perfect',
    async (signal) => {
      if (!(await aiIsOn(provider))) return offlineAnswer(optimizeOffline(input, options));
      const request = {
        ...buildOptimizationRequest(input, options),
        run: runRecordOf('perfect', input.trim(), options),
      };
      return modelAnswer(provider, model, request, signal, (text) =>
        show({ text, error: false, streaming: true, model }),
      );
    },
    (failure) => {
      // Text had arrived: it stays with the message beside it. Before any text, the last good result stays.
      if (failure.partialText) show(failedOutput(...shownFailure(failure)));
      else setState({ runFailure: runFailureOf(failure) });
    },
  );
  if (!answer?.text) return;
  // Stopped: recorded by the server as stopped (no progress); the earlier result stays the result.
  if (answer.stopped) return keepEarlierAfterStop(earlier, answer, model);
  setState({
    output: { text: answer.text, error: false, model: answer.offline ? OFFLINE_MODEL_NAME : model },
    outputSource: input,
    outputHistoryId: answer.run?.historyId ?? null,
    outputMadeFrom: madeFrom,
    continueError: null,
  });
  const recorded = await recorderOf(answer, () => ({
    ...runRecordOf('perfect', input.trim(), options),
    output: answer.text,
  }));
  if (recorded && useWorkspaceStore.getState().output?.text === answer.text)
    setState({ outputHistoryId: recorded.historyId });
}

/**
 * The account's record of a finished run: a model run was recorded by the server as it answered;
 * an offline run is recorded now (or queued while the server is away). Progress shows at once.
 */
async function recorderOf(answer: StreamedAnswer, offlineRun: () => OfflineRunRecord): Promise<RecordedRun | null> {
  if (!answer.offline) {
    if (answer.run) applyRecordedRun(answer.run);
    return answer.run ?? null;
  }
  return recordOfflineRun(offlineRun());
}

/** The current optimized prompt, or '' when there is none (no output, or an error text). */
export function currentResult(): string {
  const { output } = useWorkspaceStore.getState();
  return output && !output.error ? output.text : '';
}

/**
 * Continue Building. Resolves true once the output is replaced. While the refinement streams, the
 * output shows it (the dialog closes at the first text); a failure before any text stays in the dialog.
 */
export async function continueBuilding(): Promise<boolean> {
  const s = useWorkspaceStore.getState();
  if (s.continueBusy) return false;
  const invalid = validateContinueBuilding(s.continueText);
  if (invalid) {
    s.set({ continueError: invalid });
    return false;
  }
  const current = currentResult();
  if (!current) {
    s.set({ continueError: refinementErrorText(MSG.optimizeFirst) });
    return false;
  }
  const { provider, model, continueText: additions, outputSource, outputHistoryId } = s;
  const options = optionsOf(s);
  const earlier = earlierResult(s);
  s.set({ continueError: null, continueErrorDetails: null, stoppedOutput: null });
  const answer = await track(
    'continue',
    async (signal) => {
      // Offline: rebuild the prompt from the original task plus the additions, with no call.
      if (!(await aiIsOn(provider)))
        return offlineAnswer(optimizeOffline(`${outputSource.trim()}\n\n${additions.trim()}`, options));
      const request = {
        ...buildContinueBuildingRequest(current, additions, options),
        run: runRecordOf('continue', additions.trim(), options, outputHistoryId),
      };
      return modelAnswer(provider, model, request, signal, (text) =>
        setState({ output: { text, error: false, streaming: true, model } }),
      );
    },
    (failure) => {
      const shown = runFailureOf(failure, refinementErrorText);
      if (failure.partialText) setState({ output: failedOutput(shown.message, failure.partialText, shown.details) });
      else setState({ continueError: shown.message, continueErrorDetails: shown.details ?? null });
    },
  );
  if (!answer?.text) return false;
  if (answer.stopped) {
    keepEarlierAfterStop(earlier, answer, model);
    return true;
  }
  setState({
    output: { text: answer.text, error: false, model: answer.offline ? OFFLINE_MODEL_NAME : model },
    outputHistoryId: answer.run?.historyId ?? null,
    continueText: '',
    continueError: null,
  });
  const recorded = await recorderOf(answer, () => ({
    ...runRecordOf('continue', additions.trim(), options, outputHistoryId),
    output: answer.text,
  }));
  if (recorded && useWorkspaceStore.getState().output?.text === answer.text)
    setState({ outputHistoryId: recorded.historyId });
  return true;
}

/** Test Prompt: runs on the Test model (gpt-4o by default); a 2-3 sentence answer. */
export async function runTest(): Promise<void> {
  const s = useWorkspaceStore.getState();
  if (s.testBusy) return;
  const optimized = currentResult();
  const invalid = validateTestInput({ optimizedPrompt: optimized, testInput: s.testInput });
  if (invalid) {
    s.set({ testFailure: { message: errorText(invalid) } });
    return;
  }
  // A stopped or failed run leaves the last good answer in place.
  const earlierAnswer = s.testOutput && !s.testOutput.error && !s.testOutput.interruption ? s.testOutput : null;
  s.set({ testFailure: null });
  const request = buildTestRequest(
    fillVariables(optimized, variablesOf({ input: optimized, variables: s.variables })),
    s.testInput,
  );
  let testModel: string | undefined;
  const answer = await track(
    'test',
    async (signal) => {
      const chosen = await currentTestModel();
      if (!chosen) throw new Error(NO_TEST_MODEL_REASON);
      testModel = chosen.model;
      return modelAnswer(chosen.provider, chosen.model, request, signal, (text) =>
        setState({ testOutput: { text, error: false, streaming: true, model: testModel } }),
      );
    },
    (failure) => {
      if (failure.partialText)
        setState({ testOutput: { ...failedOutput(...shownFailure(failure)), model: testModel } });
      else setState({ testOutput: earlierAnswer, testFailure: runFailureOf(failure) });
    },
  );
  if (answer?.text)
    setState({ testOutput: { text: answer.text.trim(), error: false, model: testModel, stopped: answer.stopped } });
}
