/** TestSetStore on the database, one implementation for SQLite and PostgreSQL; cases and the split are JSON text. */
import type { CaseSplitRecord } from '@prompt-perfect/core/api/prove';
import { LOCK, lockKeys, type StorageDb, transaction } from '../../db/dialect';
import { testSetColumns, toTestSet, toTestSetSummary } from './testSetRows';
import type { TestSetStore } from './testSets';

export function createTestSetStore(db: StorageDb): TestSetStore {
  const ofUser = (userId: string) => db.selectFrom('test_sets').selectAll().where('user_id', '=', userId);

  return {
    async list(userId) {
      const rows = await ofUser(userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toTestSetSummary);
    },
    async get(userId, id) {
      const row = await ofUser(userId).where('id', '=', id).executeTakeFirst();
      return row ? toTestSet(row) : undefined;
    },
    async create(userId, input, now) {
      const row = await db
        .insertInto('test_sets')
        .values({ user_id: userId, ...testSetColumns(input, now), created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTestSet(row);
    },
    async update(userId, id, input, now) {
      const row = await db
        .updateTable('test_sets')
        .set(testSetColumns(input, now))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toTestSet(row) : undefined;
    },
    async remove(userId, id) {
      const result = await db
        .deleteFrom('test_sets')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async changeSplit(userId, id, change) {
      // The account's lock: two runs on one set each see the other's change.
      return transaction(db, async (trx) => {
        await lockKeys(trx, [[LOCK.user, userId]]);
        const row = await trx
          .selectFrom('test_sets')
          .select('split')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return false;
        const split = JSON.stringify(change(JSON.parse(row.split) as CaseSplitRecord));
        await trx.updateTable('test_sets').set({ split }).where('user_id', '=', userId).where('id', '=', id).execute();
        return true;
      });
    },
  };
}
