/**
 * How an optimization records the versions that pass validation: each as a Continue Building run
 * refining the one before, starting from `historyId` when the prompt has a history entry, else from
 * the starting prompt (recorded once the first version is kept) so every kept edit diffs against the
 * version before it. A failure to record is logged; the run goes on.
 */
import type { Request } from 'express';
import type { RunOptions } from '@prompt-perfect/core/api/account';
import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { DEFAULT_LANGUAGE } from '@prompt-perfect/core/catalog/languages';
import { DEFAULT_TECHNIQUE } from '@prompt-perfect/core/catalog/techniques';
import { DEFAULT_TONE } from '@prompt-perfect/core/catalog/tones';
import type { OptimizerDeps } from '@prompt-perfect/core/prove/optimizer';
import type { RunRecorder } from '../account/runRecorder';

export const OPTIMIZATION_RUN_OPTIONS: RunOptions = {
  technique: DEFAULT_TECHNIQUE,
  language: DEFAULT_LANGUAGE,
  tone: DEFAULT_TONE,
};

export function keepInHistory(
  recorder: RunRecorder,
  req: Request,
  /** The space whose history keeps the versions and the person running it; one id for a personal space. */
  owner: string | { space: string; person: string },
  run: ModelChoice & { prompt: string; historyId?: number },
  /** When the optimization started: a deletion of the account after it means nothing is recorded. */
  startedAt: number,
): NonNullable<OptimizerDeps['keep']> {
  const { space, person } = typeof owner === 'string' ? { space: owner, person: owner } : owner;
  let refines: number | null = run.historyId ?? null;
  const record = async (text: string, label: string) => {
    const recorded = await recorder.record(
      space,
      { kind: 'continue', input: label, options: OPTIMIZATION_RUN_OPTIONS, refines },
      text,
      run.provider,
      run.model,
      startedAt,
      { person },
    );
    refines = recorded.historyId;
    return recorded.historyId;
  };
  return async (candidate, round) => {
    try {
      if (refines === null) await record(run.prompt, 'Optimization: the starting prompt');
      return await record(candidate, `Optimization round ${round}: passed validation`);
    } catch (err) {
      req.log?.error({ err }, 'recording a kept version failed');
      return undefined;
    }
  };
}
