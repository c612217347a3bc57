/** SpendStore on PostgreSQL: every instance adds to and reads the same daily total. */
import type { SpendStore } from '../spend';
import type { Pool } from './pgPool';

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
      await pool.query(
        'INSERT INTO user_spend (user_id, day, usd) VALUES ($1, $2, $3) ON CONFLICT (user_id, day) DO UPDATE SET usd = user_spend.usd + excluded.usd',
        [userId, day, usd],
      );
    },
  };
}
