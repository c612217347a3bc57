import type { OptimizationEstimate, OptimizationLimits, OptimizationRequest } from '@prompt-perfect/core/api/prove';
import { estimateOptimization, runOptimization } from '@prompt-perfect/shared/api/proveClient';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { judgeOf } from './evaluateActions';
import { provedPrompt, runModel } from './provedPrompt';
import { type OptimizationRun, useProveStore } from './proveStore';
import { failureText, isAbort } from './runErrors';
import { saveTestSet } from './testSetActions';

let running: AbortController | null = null;
let estimating: AbortController | null = null;

function requestFor(testSetId: number, limits: OptimizationLimits): OptimizationRequest {
  return { ...runModel(), testSetId, prompt: provedPrompt().prompt, judge: judgeOf(), limits };
}

function update(patch: Partial<OptimizationRun>) {
  const run = useProveStore.getState().optimization;
  if (run) useProveStore.setState({ optimization: { ...run, ...patch } });
}

/** Untouched default limits are raised to cover the estimate (rounded up), so a run is not cut short by a default. */
function limitsCovering(limits: OptimizationLimits, estimate: OptimizationEstimate): OptimizationLimits {
  const tokens = Math.ceil(estimate.tokens / 10_000) * 10_000;
  const cost = Math.ceil(estimate.costUsd * 10) / 10;
  if (tokens <= limits.maxTokens && cost <= limits.maxCostUsd) return limits;
  return { ...limits, maxTokens: Math.max(limits.maxTokens, tokens), maxCostUsd: Math.max(limits.maxCostUsd, cost) };
}

/** Limits are checked by the form; the estimate is asked again whenever they or the set change. */
export async function refreshEstimate(): Promise<void> {
  const { setId, dirty, limits } = useProveStore.getState();
  estimating?.abort();
  if (setId === null || dirty)
    return useProveStore.setState({ estimate: { status: 'idle', value: null, error: null } });
  const mine = new AbortController();
  estimating = mine;
  useProveStore.setState({ estimate: { status: 'loading', value: null, error: null } });
  try {
    const value = await estimateOptimization(requestFor(setId, limits), mine.signal);
    if (mine.signal.aborted) return;
    useProveStore.setState({ estimate: { status: 'ready', value, error: null } });
    if (!useProveStore.getState().limitsTouched) useProveStore.setState({ limits: limitsCovering(limits, value) });
  } catch (error) {
    if (!mine.signal.aborted)
      useProveStore.setState({
        estimate: { status: 'failed', value: null, error: `Could not estimate the cost: ${failureText(error)}` },
      });
  }
}

/** Starts rounds of propose, score, keep or reject; runs until a limit is met or Stop. */
export async function startOptimization(): Promise<void> {
  if (running) return;
  const prompt = provedPrompt().prompt;
  if (!prompt.trim()) return;
  const mine = new AbortController();
  running = mine;
  const limits = useProveStore.getState().limits;
  useProveStore.setState({
    optimization: {
      prompt,
      status: 'running',
      limits,
      scoring: null,
      startScore: null,
      startResults: [],
      power: null,
      rounds: [],
      testing: null,
      result: null,
      error: null,
    },
    evaluations: { ...useProveStore.getState().evaluations, optimized: null },
  });
  try {
    const testSetId = await saveTestSet();
    if (testSetId === null)
      return update({ status: 'failed', error: 'Save the test set first (see the test set tab).' });
    const result = await runOptimization(requestFor(testSetId, limits), {
      signal: mine.signal,
      onEvent: (event) => {
        if (event.type === 'scoring') update({ scoring: { done: event.done, total: event.total } });
        else if (event.type === 'started')
          update({ startScore: event.startScore, startResults: event.startResults, power: event.power });
        else if (event.type === 'round')
          update({ rounds: [...(useProveStore.getState().optimization?.rounds ?? []), event.round] });
        else if (event.type === 'testing') update({ testing: { done: event.done, total: event.total } });
      },
    });
    update({ status: 'done', result, rounds: result.rounds, startScore: result.validationStart });
  } catch (error) {
    update({
      status: isAbort(error) ? 'stopped' : 'failed',
      error: isAbort(error) ? 'Stopped. Nothing more is billed; the rounds so far are below.' : failureText(error),
    });
  } finally {
    running = null;
  }
}

export function stopOptimization(): void {
  running?.abort();
}

/** The version to use goes where the proved prompt came from (the output, or the editor). */
export function applyBestVersion(prompt: string, historyId: number | null): void {
  if (provedPrompt().inOutput) {
    useWorkspaceStore
      .getState()
      .replaceAfterCancel({ output: { text: prompt, error: false }, outputHistoryId: historyId });
  } else {
    useWorkspaceStore.getState().replaceAfterCancel({ input: prompt });
  }
}
