import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { runEvaluation } from '@prompt-perfect/shared/api/proveClient';
import { provedPrompt, runModel } from './provedPrompt';
import { modelsOf, type ProvidersInfo, useProvidersStore } from '../../state/providersStore';
import { type EvaluationRun, useProveStore, versionCount } from './proveStore';
import { failureText, isAbort } from './runErrors';
import { saveTestSet } from './testSetActions';
import { rememberEvaluations } from './lastTestSet';

export type Version = 'original' | 'optimized';

let controller: AbortController | null = null;

/**
 * The judge: the user's choice, else another model of the run model's provider than the one tested
 * (a model judging its own answers is lenient with them), the catalogue's first such.
 */
export function defaultJudge(run: ModelChoice, models: ProvidersInfo['models']): ModelChoice {
  const other = modelsOf(models, run.provider).find((m) => m.id !== run.model);
  return other ? { provider: run.provider, model: other.id } : run;
}

export const judgeOf = (): ModelChoice =>
  useProveStore.getState().judge ?? defaultJudge(runModel(), useProvidersStore.getState().models);

function update(version: Version, patch: Partial<EvaluationRun>) {
  const { evaluations } = useProveStore.getState();
  const run = evaluations[version];
  if (run) useProveStore.setState({ evaluations: { ...evaluations, [version]: { ...run, ...patch } } });
}

/** The prompt each version stands for, and its name: the workspace's, or the last version that passed validation. */
function promptOf(version: Version): { prompt: string; label: string } {
  if (version === 'original') return { prompt: provedPrompt().prompt, label: 'Your prompt' };
  const run = useProveStore.getState().optimization;
  return { prompt: run?.rounds.findLast((r) => r.kept)?.candidate ?? '', label: `Version ${versionCount(run)}` };
}

/** Runs `version` on every case (saving the set first); results appear case by case. */
export async function evaluate(version: Version): Promise<void> {
  const { prompt, label } = promptOf(version);
  if (!prompt.trim()) return;
  controller?.abort();
  const mine = new AbortController();
  controller = mine;
  const { evaluations } = useProveStore.getState();
  const total = useProveStore.getState().cases.length;
  const run: EvaluationRun = {
    prompt,
    label,
    status: 'running',
    done: 0,
    total,
    results: [],
    summary: null,
    tokens: null,
    error: null,
  };
  useProveStore.setState({ evaluations: { ...evaluations, [version]: run } });
  const testSetId = await saveTestSet();
  if (testSetId === null)
    return update(version, { status: 'failed', error: 'Save the test set first (see the message above).' });
  if (mine.signal.aborted) return;
  try {
    const result = await runEvaluation(
      { ...runModel(), testSetId, prompt, judge: judgeOf() },
      {
        signal: mine.signal,
        onEvent: (event) => {
          if (event.type !== 'case') return;
          const current = useProveStore.getState().evaluations[version];
          update(version, {
            done: event.done,
            total: event.total,
            results: [...(current?.results ?? []), event.result],
          });
        },
      },
    );
    update(version, {
      status: 'done',
      results: result.results,
      summary: result.summary,
      tokens: result.tokens,
      done: result.results.length,
      total: result.results.length,
    });
    rememberEvaluations(testSetId, useProveStore.getState().evaluations);
  } catch (error) {
    update(version, { status: isAbort(error) ? 'stopped' : 'failed', error: failureText(error) });
  } finally {
    if (controller === mine) controller = null;
  }
}

export function stopEvaluation(): void {
  controller?.abort();
}
