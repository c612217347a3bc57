/**
 * [prove] A test set's split lives with the set: the sides a run uses are saved before it starts
 * (so training cases stay training cases whatever happens to the run), and its confirmatory test is
 * counted on the cases it used when it ends.
 */
import type { OptimizationResult, TestSet } from '@prompt-perfect/core/api/prove';
import { assignSides } from '@prompt-perfect/core/prove/split';
import { countTest } from '@prompt-perfect/core/prove/testBudget';
import type { TestSetStore } from './testSets';

export async function placeCases(store: TestSetStore, userId: string, set: TestSet): Promise<void> {
  await store.changeSplit(userId, set.id, (current) => ({ ...current, ...assignSides(set.cases, current) }));
}

export async function countRunTest(
  store: TestSetStore,
  userId: string,
  setId: number,
  result: OptimizationResult,
): Promise<void> {
  await store.changeSplit(userId, setId, (current) => countTest(current, result.test));
}
