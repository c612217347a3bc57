/**
 * SpendStore on the database, one implementation for SQLite and PostgreSQL. Each write is one upsert:
 * its row lock makes a reservation's check and addition one step, on any number of instances.
 */
import type { StorageDb } from '../../db/dialect';
import type { SpendStore } from './spend';

export function createSpendStore(db: StorageDb): SpendStore {
  /** Adds `usd` to the user's total of the day (a new row when it is the day's first). */
  const addToDay = (userId: string, day: string, usd: number, onlyUnderUsd?: number) =>
    db
      .insertInto('user_spend')
      .values({ user_id: userId, day, usd })
      .onConflict((oc) => {
        const add = oc
          .columns(['user_id', 'day'])
          .doUpdateSet((eb) => ({ usd: eb(eb.ref('user_spend.usd'), '+', eb.ref('excluded.usd')) }));
        return onlyUnderUsd === undefined ? add : add.where('user_spend.usd', '<', onlyUnderUsd);
      })
      .executeTakeFirst();

  return {
    async spent(userId, day) {
      const row = await db
        .selectFrom('user_spend')
        .select('usd')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.usd ?? 0;
    },
    async add(userId, day, usd) {
      await addToDay(userId, day, usd);
    },
    async reserve(userId, day, usd, limitUsd) {
      const result = await addToDay(userId, day, usd, limitUsd);
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
