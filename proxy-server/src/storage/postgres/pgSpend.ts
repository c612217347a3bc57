/** SpendStore on PostgreSQL: every instance adds to and reads the same daily total. */
import type { SpendStore } from '../spend';
import type { Pool } from './pgPool';

const UPSERT =
  'INSERT INTO user_spend (user_id, day, usd) VALUES ($1, $2, $3) ON CONFLICT (user_id, day) DO UPDATE SET usd = user_spend.usd + excluded.usd';

export function createPgSpend(pool: Pool): SpendStore {
  return {
    async spent(userId, day) {
      const { rows } = await pool.query<{ usd: number }>('SELECT usd FROM user_spend WHERE user_id = $1 AND day = $2', [
        userId,
        day,
      ]);
      return rows[0]?.usd ?? 0;
    },
    async add(userId, day, usd) {
      await pool.query(UPSERT, [userId, day, usd]);
    },
    async reserve(userId, day, usd, limitUsd) {
      // The row lock of ON CONFLICT DO UPDATE makes the check and the addition one step.
      const { rowCount } = await pool.query(`${UPSERT} WHERE user_spend.usd < $4`, [userId, day, usd, limitUsd]);
      return rowCount === 1;
    },
  };
}
