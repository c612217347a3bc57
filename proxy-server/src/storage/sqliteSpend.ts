/** SpendStore on the embedded SQLite database. */
import type { Db } from '../db';
import type { SpendStore } from './spend';

export function createSqliteSpend(db: Db): SpendStore {
  const spent = db.prepare<[string, string], { usd: number }>(
    'SELECT usd FROM user_spend WHERE user_id = ? AND day = ?',
  );
  const add = db.prepare<[string, string, number]>(
    'INSERT INTO user_spend (user_id, day, usd) VALUES (?, ?, ?) ON CONFLICT(user_id, day) DO UPDATE SET usd = usd + excluded.usd',
  );
  const reserve = db.prepare<[string, string, number, number]>(
    'INSERT INTO user_spend (user_id, day, usd) VALUES (?, ?, ?) ON CONFLICT(user_id, day) DO UPDATE SET usd = usd + excluded.usd WHERE usd < ?',
  );
  return {
    async spent(userId, day) {
      return spent.get(userId, day)?.usd ?? 0;
    },
    async add(userId, day, usd) {
      add.run(userId, day, usd);
    },
    async reserve(userId, day, usd, limitUsd) {
      return reserve.run(userId, day, usd, limitUsd).changes === 1;
    },
  };
}
