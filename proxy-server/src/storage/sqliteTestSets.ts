/** TestSetStore on the embedded SQLite database; cases and the split record are kept as JSON columns. */
import type { CaseSplitRecord } from '@prompt-perfect/core/api/prove';
import type { Db } from '../db';
import { type TestSetRow, testSetValues, toTestSet, toTestSetSummary } from './testSetRows';
import type { TestSetStore } from './testSets';

export function createSqliteTestSets(db: Db): TestSetStore {
  const q = {
    list: db.prepare<[string], TestSetRow>(
      'SELECT * FROM test_sets WHERE user_id = ? ORDER BY updated_at DESC, id DESC',
    ),
    get: db.prepare<[string, number], TestSetRow>('SELECT * FROM test_sets WHERE user_id = ? AND id = ?'),
    insert: db.prepare(
      `INSERT INTO test_sets (user_id, name, prompt, rubric, cases, created_at, updated_at)
       VALUES (@userId, @name, @prompt, @rubric, @cases, @now, @now)`,
    ),
    update: db.prepare(
      `UPDATE test_sets SET name = @name, prompt = @prompt, rubric = @rubric, cases = @cases, updated_at = @now
       WHERE user_id = @userId AND id = @id`,
    ),
    remove: db.prepare<[string, number]>('DELETE FROM test_sets WHERE user_id = ? AND id = ?'),
    split: db.prepare<[string, number], Pick<TestSetRow, 'split'>>(
      'SELECT split FROM test_sets WHERE user_id = ? AND id = ?',
    ),
    setSplit: db.prepare<[string, string, number]>('UPDATE test_sets SET split = ? WHERE user_id = ? AND id = ?'),
  };
  const changeSplit = db.transaction((userId: string, id: number, change: (c: CaseSplitRecord) => CaseSplitRecord) => {
    const row = q.split.get(userId, id);
    if (!row) return false;
    q.setSplit.run(JSON.stringify(change(JSON.parse(row.split) as CaseSplitRecord)), userId, id);
    return true;
  });

  return {
    async list(userId) {
      return q.list.all(userId).map(toTestSetSummary);
    },
    async get(userId, id) {
      const r = q.get.get(userId, id);
      return r ? toTestSet(r) : undefined;
    },
    async create(userId, input, now) {
      const id = Number(q.insert.run(testSetValues(userId, input, now)).lastInsertRowid);
      return toTestSet(q.get.get(userId, id) as TestSetRow);
    },
    async update(userId, id, input, now) {
      if (q.update.run({ ...testSetValues(userId, input, now), id }).changes === 0) return undefined;
      return toTestSet(q.get.get(userId, id) as TestSetRow);
    },
    async remove(userId, id) {
      return q.remove.run(userId, id).changes > 0;
    },
    async changeSplit(userId, id, change) {
      return changeSplit.immediate(userId, id, change);
    },
  };
}
