/** TestSetStore on the embedded SQLite database; cases are kept as one JSON column. */
import type { TestCase, TestSet, TestSetInput } from '@prompt-perfect/core/api/prove';
import type { Db } from '../db';
import type { TestSetStore } from './testSets';

interface Row {
  id: number;
  name: string;
  prompt: string;
  rubric: string;
  cases: string;
  created_at: number;
  updated_at: number;
}

const toTestSet = (r: Row): TestSet => ({
  id: r.id,
  name: r.name,
  prompt: r.prompt,
  rubric: r.rubric,
  cases: JSON.parse(r.cases) as TestCase[],
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export function createSqliteTestSets(db: Db): TestSetStore {
  const q = {
    list: db.prepare<[string], Row>('SELECT * FROM test_sets WHERE user_id = ? ORDER BY updated_at DESC, id DESC'),
    get: db.prepare<[string, number], Row>('SELECT * FROM test_sets WHERE user_id = ? AND id = ?'),
    insert: db.prepare(
      `INSERT INTO test_sets (user_id, name, prompt, rubric, cases, created_at, updated_at)
       VALUES (@userId, @name, @prompt, @rubric, @cases, @now, @now)`,
    ),
    update: db.prepare(
      `UPDATE test_sets SET name = @name, prompt = @prompt, rubric = @rubric, cases = @cases, updated_at = @now
       WHERE user_id = @userId AND id = @id`,
    ),
    remove: db.prepare<[string, number]>('DELETE FROM test_sets WHERE user_id = ? AND id = ?'),
  };
  const row = (userId: string, input: TestSetInput, now: number) => ({ userId, ...input, cases: JSON.stringify(input.cases), now });

  return {
    async list(userId) {
      return q.list.all(userId).map((r) => ({
        id: r.id,
        name: r.name,
        caseCount: (JSON.parse(r.cases) as unknown[]).length,
        updatedAt: new Date(r.updated_at).toISOString(),
      }));
    },
    async get(userId, id) {
      const r = q.get.get(userId, id);
      return r ? toTestSet(r) : undefined;
    },
    async create(userId, input, now) {
      const id = Number(q.insert.run(row(userId, input, now)).lastInsertRowid);
      return toTestSet(q.get.get(userId, id) as Row);
    },
    async update(userId, id, input, now) {
      if (q.update.run({ ...row(userId, input, now), id }).changes === 0) return undefined;
      return toTestSet(q.get.get(userId, id) as Row);
    },
    async remove(userId, id) {
      return q.remove.run(userId, id).changes > 0;
    },
  };
}
