import { generate } from '@prompt-perfect/shared/api/client';
import { PROVIDERS, TEST_MODEL, type ProviderId } from '@prompt-perfect/shared/catalog/providers';
import { errorText, MSG, providerNotConfigured, refinementErrorText } from '@prompt-perfect/shared/messages';
import { buildContinueBuildingRequest, buildOptimizationRequest, buildTestRequest } from '@prompt-perfect/shared/prompt/buildRequests';
import { optimizeOffline } from '@prompt-perfect/shared/prompt/offlineOptimizer';
import { scorePrompt } from '@prompt-perfect/shared/rules/score';
import { stripLeadingPhrases } from '@prompt-perfect/shared/rules/stripLeadingPhrases';
import { validateContinueBuilding, validateOptimizeInput, validateTestInput } from '@prompt-perfect/shared/rules/validation';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { useProvidersStore } from './providersStore';
import { effectiveAiEnabled, useSettingsStore } from './settingsStore';
import { optionsOf, useWorkspaceStore } from './workspaceStore';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** null when the provider may be called, else the administrator message. */
async function providerProblem(provider: ProviderId): Promise<string | null> {
  const configured = await useProvidersStore.getState().load();
  return configured[provider] ? null : providerNotConfigured(PROVIDERS[provider].label);
}

/** Whether Perfect uses the model (true) or the offline optimizer (false). */
export async function aiIsOn(provider: ProviderId): Promise<boolean> {
  const { aiEnabled } = useSettingsStore.getState();
  if (aiEnabled !== null) return aiEnabled;
  const configured = await useProvidersStore.getState().load();
  return effectiveAiEnabled(null, configured[provider]);
}

/**
 * Perfect: validate (spec section 5), then the offline optimizer (AI off, no network call) or a
 * model call through the gateway; strip leading phrases; record the run. The score recorded is
 * that of the OPTIMIZED prompt (the text the product produced), so better results earn more xp.
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
      result = await generate({ provider: s.provider, model: s.model, ...buildOptimizationRequest(input, options) });
    }
    const text = stripLeadingPhrases(result);
    useWorkspaceStore.getState().set({ output: { text, error: false }, outputSource: input, continueError: null });
    useStatsStore.getState().recordRun(scorePrompt(text));
  } catch (error) {
    useWorkspaceStore.getState().set({ output: { text: errorText(messageOf(error)), error: true }, outputSource: input });
  } finally {
    useWorkspaceStore.getState().set({ busy: false });
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
      result = await generate({
        provider: s.provider,
        model: s.model,
        ...buildContinueBuildingRequest(current, s.continueText, options),
      });
    }
    useWorkspaceStore.getState().set({
      output: { text: stripLeadingPhrases(result), error: false },
      continueText: '',
      continueError: null,
    });
    return true;
  } catch (error) {
    useWorkspaceStore.getState().set({ continueError: refinementErrorText(messageOf(error)) });
    return false;
  } finally {
    useWorkspaceStore.getState().set({ continueBusy: false });
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
  s.set({ testBusy: true });
  try {
    const problem = await providerProblem('openai');
    if (problem) throw new Error(problem);
    const text = await generate({ provider: 'openai', model: TEST_MODEL, ...buildTestRequest(optimized, s.testInput) });
    useWorkspaceStore.getState().set({ testOutput: { text: text.trim(), error: false } });
  } catch (error) {
    useWorkspaceStore.getState().set({ testOutput: { text: errorText(messageOf(error)), error: true } });
  } finally {
    useWorkspaceStore.getState().set({ testBusy: false });
  }
}
