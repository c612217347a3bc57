/**
 * Records a served run in the account: history for Perfect and Continue Building, progress for
 * Perfect. The server decides progress from the text it served; the client never sends xp.
 */
import type { RecordedRun, RunRecord } from '@prompt-perfect/core/api/account';
import type { ProviderId } from '@prompt-perfect/core/catalog/providers';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import { NotFound } from '../../http/httpError';
import type { UserDataStore } from './userData';

const VERSION_NOT_FOUND = 'That version is not in your history (it may have been deleted).';

export interface RunRecorder {
  /** Throws NotFound when `refines` names a version this user does not have. */
  checkRefines(userId: string, run: RunRecord): Promise<void>;
  /** `startedAt`: when the run began; a run begun before its account was deleted records nothing (AccountDeletedError). */
  record(
    userId: string,
    run: RunRecord,
    output: string,
    provider: ProviderId | 'offline',
    model: string,
    startedAt: number,
    options?: { stopped?: boolean; now?: number },
  ): Promise<RecordedRun>;
}

export function createRunRecorder(store: UserDataStore): RunRecorder {
  return {
    async checkRefines(userId, run) {
      if (run.refines != null && !(await store.hasHistoryEntry(userId, run.refines)))
        throw new NotFound(VERSION_NOT_FOUND);
    },
    async record(userId, run, output, provider, model, startedAt, { stopped = false, now = Date.now() } = {}) {
      const { timeZone } = await store.getSettings(userId);
      const served = {
        kind: run.kind,
        input: run.input,
        output,
        provider,
        model,
        options: run.options,
        refines: run.refines ?? null,
        stopped,
      };
      return store.recordRun(userId, served, scorePrompt(output), now, timeZone, startedAt);
    },
  };
}
