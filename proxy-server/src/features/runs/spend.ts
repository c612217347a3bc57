/**
 * What each user's model calls cost per UTC day (estimated from list prices), for USER_DAILY_BUDGET_USD,
 * and each organization's under its owner key `org:<id>`, for ORG_DAILY_BUDGET_USD.
 */
export interface SpendStore {
  /** US dollars spent by the user on `day` (YYYY-MM-DD, UTC), reservations of calls in flight included. */
  spent(userId: string, day: string): Promise<number>;
  /** Adds `usd` (negative to give back what a reservation held over the call's real cost). */
  add(userId: string, day: string, usd: number): Promise<void>;
  /**
   * Adds `usd` in one atomic step only while the day's total is under `limitUsd`: concurrent calls,
   * on any instance, see each other's reservations. False when nothing was added.
   */
  reserve(userId: string, day: string, usd: number, limitUsd: number): Promise<boolean>;
}
