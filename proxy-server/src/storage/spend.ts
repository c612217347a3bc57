/** What each user's model calls cost per UTC day (estimated from list prices), for USER_DAILY_BUDGET_USD. */
export interface SpendStore {
  /** US dollars spent by the user on `day` (YYYY-MM-DD, UTC). */
  spent(userId: string, day: string): Promise<number>;
  add(userId: string, day: string, usd: number): Promise<void>;
}
