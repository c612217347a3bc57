/**
 * Records a served run: history for Perfect and Continue Building in the run's space (a person's or
 * an organization's), progress for Perfect in the person's own account. The server decides progress
 * from the text it served; the client never sends xp.
 */
import type { RecordedRun, RunRecord } from '@prompt-perfect/core/api/account';
import type { ProviderId } from '@prompt-perfect/core/catalog/providers';
import { scorePrompt } from '@prompt-perfect/core/progress/score';
import { NotFound } from '../../http/httpError';
import type { UserDataStore } from './userData';

const VERSION_NOT_FOUND = 'That version is not in your history (it may have been deleted).';

export interface RunRecorder {
  /** Throws NotFound when `refines` names a version the space's history does not have. */
  checkRefines(spaceId: string, run: RunRecord): Promise<void>;
  /**
   * `spaceId`: whose history (auth/space.ts ownerId); `person`: whose progress, when not the space's
   * own. `startedAt`: when the run began; a run begun before its person's account was deleted
   * records nothing (AccountDeletedError).
   */
  record(
    spaceId: string,
    run: RunRecord,
    output: string,
    provider: ProviderId | 'offline',
    model: string,
    startedAt: number,
    options?: { stopped?: boolean; now?: number; person?: string },
  ): Promise<RecordedRun>;
}

export function createRunRecorder(store: UserDataStore): RunRecorder {
  return {
    async checkRefines(spaceId, run) {
      if (run.refines != null && !(await store.hasHistoryEntry(spaceId, run.refines)))
        throw new NotFound(VERSION_NOT_FOUND);
    },
    async record(spaceId, run, output, provider, model, startedAt, { stopped = false, now = Date.now(), person } = {}) {
      const { timeZone } = await store.getSettings(person ?? spaceId);
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
      return store.recordRun(spaceId, served, scorePrompt(output), now, timeZone, startedAt, person);
    },
  };
}
