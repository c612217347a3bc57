import { callClaude, generate } from '@prompt-perfect/shared/api/client';
import { PROVIDERS, TEST_MODEL, type ProviderId } from '@prompt-perfect/shared/catalog/providers';
import { errorText, MSG, providerNotConfigured, refinementErrorText } from '@prompt-perfect/shared/messages';
import {
  buildContinueBuildingRequest,
  buildOptimizationRequest,
  buildTestRequest,
  type ModelRequest,
} from '@prompt-perfect/shared/prompt/buildRequests';
import { optimizeOffline } from '@prompt-perfect/shared/prompt/offlineOptimizer';
import { scorePrompt } from '@prompt-perfect/shared/rules/score';
import { stripLeadingPhrases } from '@prompt-perfect/shared/rules/stripLeadingPhrases';
import { validateContinueBuilding, validateOptimizeInput, validateTestInput } from '@prompt-perfect/shared/rules/validation';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { useProvidersStore } from './providersStore';
import { endRun, startRun } from './runs';
import { effectiveAiEnabled, useSettingsStore } from './settingsStore';
import { optionsOf, useWorkspaceStore } from './workspaceStore';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * null when the provider may be called, else the administrator message. Only a provider the
 * server REPORTED as unconfigured is refused: when availability is unknown (GET /api/providers
 * failed) the call is made anyway and the gateway, or the connection failure, gives the message.
 */
async function providerProblem(provider: ProviderId): Promise<string | null> {
  const configured = await useProvidersStore.getState().load();
  return configured[provider] === false ? providerNotConfigured(PROVIDERS[provider].label) : null;
}

/** Whether Perfect uses the model (true) or the offline optimizer (false). */
export async function aiIsOn(provider: ProviderId): Promise<boolean> {
  const { aiEnabled } = useSettingsStore.getState();
  if (aiEnabled !== null) return aiEnabled;
  const configured = await useProvidersStore.getState().load();
  return effectiveAiEnabled(null, configured[provider]);
}

/**
 * One model call. Anthropic goes through the spec's POST /api/claude contract (with its
 * connection-failure messages); OpenAI through the gateway's /api/generate.
 */
export function callModel(provider: ProviderId, model: string, request: ModelRequest, signal: AbortSignal): Promise<string> {
  if (provider === 'anthropic') return callClaude({ model, ...request }, signal);
  return generate({ provider, model, ...request }, signal);
}

/**
 * Perfect: validate (spec section 5), then the offline optimizer (AI off, no network call) or a
 * model call; strip leading phrases; record the run. The score recorded is that of the
 * OPTIMIZED prompt (the text the product produced), so better results earn more xp. A run
 * cancelled by Clear, Use or leaving the workspace writes nothing and records nothing.
 */
export async function perfect(): Promise<void> {
  const store = useWorkspaceStore.getState();
  if (store.busy) return;
  const input = store.input;
  const invalid = validateOptimizeInput({ input, technique: store.technique });
  if (invalid) {
    store.set({ output: { text: errorText(invalid), error: true }, outputSource: input });
    return;
  }
  const signal = startRun('perfect');
  store.set({ busy: true });
  try {
    const s = useWorkspaceStore.getState();
    const options = optionsOf(s);
    let result: string;
    if (!(await aiIsOn(s.provider))) {
      result = optimizeOffline(input, options);
    } else {
      const problem = await providerProblem(s.provider);
      if (problem) throw new Error(problem);
      if (signal.aborted) return;
      result = await callModel(s.provider, s.model, buildOptimizationRequest(input, options), signal);
    }
    if (signal.aborted) return;
    const text = stripLeadingPhrases(result);
    useWorkspaceStore.getState().set({ output: { text, error: false }, outputSource: input, continueError: null });
    useStatsStore.getState().recordRun(scorePrompt(text));
  } catch (error) {
    if (signal.aborted) return;
    useWorkspaceStore.getState().set({ output: { text: errorText(messageOf(error)), error: true }, outputSource: input });
  } finally {
    // A cancelled run's busy flag was already reset by whoever cancelled it.
    if (!signal.aborted) useWorkspaceStore.getState().set({ busy: false });
    endRun('perfect', signal);
  }
}

/** The current optimized prompt, or '' when there is none (no output, or an error text). */
export function currentResult(): string {
  const { output } = useWorkspaceStore.getState();
  return output && !output.error ? output.text : '';
}

/** Continue Building. Resolves true on success (the output is replaced). */
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
  const signal = startRun('continue');
  s.set({ continueBusy: true, continueError: null });
  try {
    const options = optionsOf(s);
    let result: string;
    if (!(await aiIsOn(s.provider))) {
      // Offline: rebuild the prompt from the original task plus the additions, with no call.
      result = optimizeOffline(`${s.outputSource.trim()}\n\n${s.continueText.trim()}`, options);
    } else {
      const problem = await providerProblem(s.provider);
      if (problem) throw new Error(problem);
      if (signal.aborted) return false;
      result = await callModel(s.provider, s.model, buildContinueBuildingRequest(current, s.continueText, options), signal);
    }
    if (signal.aborted) return false;
    useWorkspaceStore.getState().set({
      output: { text: stripLeadingPhrases(result), error: false },
      continueText: '',
      continueError: null,
    });
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    useWorkspaceStore.getState().set({ continueError: refinementErrorText(messageOf(error)) });
    return false;
  } finally {
    if (!signal.aborted) useWorkspaceStore.getState().set({ continueBusy: false });
    endRun('continue', signal);
  }
}

/** Test Prompt: always OpenAI gpt-4o; a 2-3 sentence answer. */
export async function runTest(): Promise<void> {
  const s = useWorkspaceStore.getState();
  if (s.testBusy) return;
  const optimized = currentResult();
  const invalid = validateTestInput({ optimizedPrompt: optimized, testInput: s.testInput });
  if (invalid) {
    s.set({ testOutput: { text: errorText(invalid), error: true } });
    return;
  }
  const signal = startRun('test');
  s.set({ testBusy: true });
  try {
    const problem = await providerProblem('openai');
    if (problem) throw new Error(problem);
    if (signal.aborted) return;
    const text = await callModel('openai', TEST_MODEL, buildTestRequest(optimized, s.testInput), signal);
    if (signal.aborted) return;
    useWorkspaceStore.getState().set({ testOutput: { text: text.trim(), error: false } });
  } catch (error) {
    if (signal.aborted) return;
    useWorkspaceStore.getState().set({ testOutput: { text: errorText(messageOf(error)), error: true } });
  } finally {
    if (!signal.aborted) useWorkspaceStore.getState().set({ testBusy: false });
    endRun('test', signal);
  }
}
