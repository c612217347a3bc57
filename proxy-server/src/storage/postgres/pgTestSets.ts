/** TestSetStore on PostgreSQL: the SQLite store's queries in PostgreSQL's dialect. */
import type { CaseSplitRecord } from '@prompt-perfect/core/api/prove';
import { type TestSetRow, testSetValues, toTestSet, toTestSetSummary } from '../testSetRows';
import type { TestSetStore } from '../testSets';
import { inTransaction, type Pool } from './pgPool';

export function createPgTestSets(pool: Pool): TestSetStore {
  return {
    async list(userId) {
      const { rows } = await pool.query<TestSetRow>(
        'SELECT * FROM test_sets WHERE user_id = $1 ORDER BY updated_at DESC, id DESC',
        [userId],
      );
      return rows.map(toTestSetSummary);
    },
    async get(userId, id) {
      const { rows } = await pool.query<TestSetRow>('SELECT * FROM test_sets WHERE user_id = $1 AND id = $2', [
        userId,
        id,
      ]);
      return rows[0] ? toTestSet(rows[0]) : undefined;
    },
    async create(userId, input, now) {
      const v = testSetValues(userId, input, now);
      const { rows } = await pool.query<TestSetRow>(
        `INSERT INTO test_sets (user_id, name, prompt, rubric, cases, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
        [v.userId, v.name, v.prompt, v.rubric, v.cases, v.now],
      );
      return toTestSet(rows[0]);
    },
    async update(userId, id, input, now) {
      const v = testSetValues(userId, input, now);
      const { rows } = await pool.query<TestSetRow>(
        `UPDATE test_sets SET name = $3, prompt = $4, rubric = $5, cases = $6, updated_at = $7
         WHERE user_id = $1 AND id = $2 RETURNING *`,
        [v.userId, id, v.name, v.prompt, v.rubric, v.cases, v.now],
      );
      return rows[0] ? toTestSet(rows[0]) : undefined;
    },
    async remove(userId, id) {
      const { rowCount } = await pool.query('DELETE FROM test_sets WHERE user_id = $1 AND id = $2', [userId, id]);
      return (rowCount ?? 0) > 0;
    },
    async changeSplit(userId, id, change) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<Pick<TestSetRow, 'split'>>(
          'SELECT split FROM test_sets WHERE user_id = $1 AND id = $2 FOR UPDATE',
          [userId, id],
        );
        if (!rows[0]) return false;
        const next = change(JSON.parse(rows[0].split) as CaseSplitRecord);
        await client.query('UPDATE test_sets SET split = $3 WHERE user_id = $1 AND id = $2', [
          userId,
          id,
          JSON.stringify(next),
        ]);
        return true;
      });
    },
  };
}
