/**
 * Running the grid: every column streams at once, each on its own provider and model, each with
 * its own Stop. Stop keeps what arrived; leaving the workspace cancels (a late answer writes nothing).
 */
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { errorText } from '@prompt-perfect/core/messages';
import { fillVariables } from '@prompt-perfect/core/prompt/variables';
import { StreamInterrupted } from '@prompt-perfect/shared/api/streamClient';
import { modelAnswer } from '../../state/actions';
import { useWorkspaceStore, variablesOf } from '../../state/workspaceStore';
import { newId, updateAnswer, updateColumn, useCompareStore } from './compareStore';
import { keepComparison } from './savedComparisons';
import type { Answer, Column } from './types';

const controllers = new Map<string, AbortController>();
const STOPPED = 'stopped by the user';

/**
 * What a column sends: the prompt (its {{variables}} filled in with the workspace's test values)
 * as the instructions and the input as the user's message; with no input, the prompt alone.
 */
export function compareRequest(prompt: string, input: string, variables: Record<string, string>) {
  const filled = fillVariables(prompt.trim(), variablesOf({ input: prompt, variables }));
  return input.trim() ? { systemPrompt: filled, userPrompt: input.trim() } : { systemPrompt: '', userPrompt: filled };
}

/** Run all: a new comparison (History keeps each), every column at once. */
export async function runAll(): Promise<void> {
  const { columns } = useCompareStore.getState();
  if (columns.length === 0) return;
  for (const column of columns) controllers.get(column.id)?.abort();
  useCompareStore.setState({ id: newId('cmp'), createdAt: new Date().toISOString() });
  await Promise.all(columns.map((c) => runColumn(c.id)));
}

/** Runs (or runs again) one column; the comparison is kept once it ends. */
export async function runColumn(columnId: string): Promise<void> {
  const column = useCompareStore.getState().columns.find((c) => c.id === columnId);
  if (!column) return;
  controllers.get(columnId)?.abort();
  const controller = new AbortController();
  controllers.set(columnId, controller);
  if (!useCompareStore.getState().id)
    useCompareStore.setState({ id: newId('cmp'), createdAt: new Date().toISOString() });
  const sent = compareRequest(
    column.prompt.text,
    useCompareStore.getState().input,
    useWorkspaceStore.getState().variables,
  );
  const answer: Answer = {
    status: 'waiting',
    text: '',
    error: null,
    firstTextMs: null,
    totalMs: null,
    usage: null,
    sent,
    verdict: null,
  };
  updateColumn(columnId, () => ({ answer }));
  try {
    await stream(column, controller.signal);
  } finally {
    if (controllers.get(columnId) === controller) controllers.delete(columnId);
  }
  if (!cancelled(controller.signal)) keepComparison();
}

const cancelled = (signal: AbortSignal) => signal.aborted && signal.reason !== STOPPED;

async function stream(column: Column, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  let firstTextMs: number | null = null;
  const since = () => Math.round(performance.now() - started);
  const sent = useCompareStore.getState().columns.find((c) => c.id === column.id)?.answer?.sent;
  if (!sent) return;
  try {
    const answer = await modelAnswer(column.provider, column.model, sent, signal, (text) => {
      firstTextMs ??= since();
      updateAnswer(column.id, { status: 'streaming', text, firstTextMs });
    });
    if (cancelled(signal)) return;
    updateAnswer(column.id, {
      status: answer.stopped ? 'stopped' : 'done',
      text: answer.text,
      firstTextMs,
      totalMs: since(),
      usage: answer.usage ?? null,
    });
  } catch (error) {
    if (cancelled(signal)) return;
    if (signal.aborted) {
      updateAnswer(column.id, { status: 'stopped', totalMs: since() });
      return;
    }
    const partial = error instanceof StreamInterrupted ? error.partialText : '';
    updateAnswer(column.id, { status: 'failed', text: partial, error: errorText(messageOf(error)), totalMs: since() });
  }
}

/** Stop one column: the others go on; what this one received stays. */
export function stopColumn(columnId: string): void {
  controllers.get(columnId)?.abort(STOPPED);
}

/** Leaving the workspace: every column's run is cancelled. */
export function cancelCompare(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
}
