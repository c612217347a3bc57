/**
 * [prove] storage: test sets, scoped by user id like UserDataStore (an id that belongs to another
 * user behaves exactly like one that does not exist).
 */
import type { CaseSplitRecord, TestSet, TestSetInput, TestSetSummary } from '@prompt-perfect/core/api/prove';

export interface TestSetStore {
  list(userId: string): Promise<TestSetSummary[]>;
  get(userId: string, id: number): Promise<TestSet | undefined>;
  create(userId: string, input: TestSetInput, now: number): Promise<TestSet>;
  /** undefined when the user has no such set. */
  update(userId: string, id: number, input: TestSetInput, now: number): Promise<TestSet | undefined>;
  remove(userId: string, id: number): Promise<boolean>;
  /**
   * Rewrites the set's split record with `change` of the stored one, atomically (two runs on one set
   * each count their test); false when the user has no such set.
   */
  changeSplit(userId: string, id: number, change: (current: CaseSplitRecord) => CaseSplitRecord): Promise<boolean>;
}
