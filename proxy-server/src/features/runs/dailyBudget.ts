/**
 * USER_DAILY_BUDGET_USD: what one user's model calls may cost per UTC day, estimated from list
 * prices as Prove estimates them. Before each model call its worst case (its input and the most
 * output it may return) is reserved in the stored total, in one atomic step that refuses once the
 * total reached the budget; after the call the reservation is settled to the call's real cost. So
 * concurrent calls, on any instance, never pass the budget by more than one call's estimate.
 * Stored, so every instance and a restart see the same total.
 */
import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { dailyBudgetSpent } from '@prompt-perfect/core/messages';
import { costUsd, type TokenUse } from '@prompt-perfect/core/prove/cost';
import type { Logger } from 'pino';
import { TooManyRequests } from '../../http/httpError';
import type { SpendStore } from './spend';

/** A call's share of the budget, held from before it starts until it is settled. */
interface Reservation {
  /**
   * Replaces the reserved worst case with what the call cost (nothing for a call that returned
   * nothing). Never throws: the answer was paid for; a failure is logged.
   */
  settle(tokens: TokenUse, log?: Logger): Promise<void>;
}

export interface DailyBudget {
  /** What is left today; Infinity without a budget. */
  left(userId: string): Promise<number>;
  /** 429 with the reason once nothing is left. */
  check(userId: string): Promise<void>;
  /** Holds the call's worst case (`worst` tokens of `model`); 429 with the reason once nothing is left. */
  reserve(userId: string, model: string, worst: TokenUse): Promise<Reservation>;
  status(userId: string): Promise<DailyBudgetStatus>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
const NOTHING_HELD: Reservation = { settle: async () => undefined };

/** `budgetUsd` 0: no budget (nothing is read or written on the hot path). */
export function createDailyBudget(store: SpendStore, budgetUsd: number, now: () => number = Date.now): DailyBudget {
  const spentOn = async (userId: string, day: string) => Math.max(0, await store.spent(userId, day));
  const left = async (userId: string) =>
    budgetUsd > 0 ? Math.max(0, budgetUsd - (await spentOn(userId, utcDay(now())))) : Number.POSITIVE_INFINITY;
  const refusal = () => new TooManyRequests(dailyBudgetSpent(budgetUsd), { code: 'budget_spent' });
  return {
    left,
    async check(userId) {
      if ((await left(userId)) <= 0) throw refusal();
    },
    async reserve(userId, model, worst) {
      if (budgetUsd <= 0) return NOTHING_HELD;
      const price = priceOf(model);
      const held = costUsd(worst, price);
      // The day of the reservation: a call across midnight is settled on the day it was counted.
      const day = utcDay(now());
      if (!(await store.reserve(userId, day, held, budgetUsd))) throw refusal();
      return {
        async settle(tokens, log) {
          const change = costUsd(tokens, price) - held;
          if (change === 0) return;
          try {
            await store.add(userId, day, change);
          } catch (err) {
            log?.error({ err }, 'settling reserved model spend failed');
          }
        },
      };
    },
    async status(userId) {
      const today = now();
      const spentUsd = await spentOn(userId, utcDay(today));
      const renewsAt = new Date(Math.floor(today / DAY_MS) * DAY_MS + DAY_MS).toISOString();
      if (budgetUsd <= 0) return { budgetUsd: null, spentUsd, leftUsd: null, renewsAt };
      return { budgetUsd, spentUsd, leftUsd: Math.max(0, budgetUsd - spentUsd), renewsAt };
    },
  };
}
