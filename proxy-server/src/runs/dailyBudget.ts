/**
 * USER_DAILY_BUDGET_USD: what one user's model calls may cost per UTC day, estimated from list
 * prices as Prove estimates them. Checked before a run and before each of its model calls; every
 * call adds its cost when it returns. Stored, so every instance and a restart see the same total.
 */
import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { dailyBudgetSpent } from '@prompt-perfect/core/messages';
import { costUsd, type TokenUse } from '@prompt-perfect/core/prove/cost';
import type { Logger } from 'pino';
import { HttpError } from '../httpError';
import type { SpendStore } from '../storage/spend';

export interface DailyBudget {
  /** What is left today; Infinity without a budget. */
  left(userId: string): Promise<number>;
  /** 429 with the reason once nothing is left. */
  check(userId: string): Promise<void>;
  /** Adds a call's estimated cost to today's total. Never throws: the answer was paid for; a failure is logged. */
  charge(userId: string, model: string, tokens: TokenUse, log?: Logger): Promise<void>;
  status(userId: string): Promise<DailyBudgetStatus>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** `budgetUsd` 0: no budget (nothing is read or written on the hot path). */
export function createDailyBudget(store: SpendStore, budgetUsd: number, now: () => number = Date.now): DailyBudget {
  const left = async (userId: string) =>
    budgetUsd > 0 ? Math.max(0, budgetUsd - (await store.spent(userId, utcDay(now())))) : Number.POSITIVE_INFINITY;
  return {
    left,
    async check(userId) {
      if ((await left(userId)) <= 0) throw new HttpError(429, dailyBudgetSpent(budgetUsd));
    },
    async charge(userId, model, tokens, log) {
      if (budgetUsd <= 0) return;
      const usd = costUsd(tokens, priceOf(model));
      if (usd <= 0) return;
      try {
        await store.add(userId, utcDay(now()), usd);
      } catch (err) {
        log?.error(
          { cause: { name: (err as Error)?.name, message: (err as Error)?.message } },
          'recording model spend failed',
        );
      }
    },
    async status(userId) {
      const today = now();
      const spentUsd = await store.spent(userId, utcDay(today));
      const renewsAt = new Date(Math.floor(today / DAY_MS) * DAY_MS + DAY_MS).toISOString();
      if (budgetUsd <= 0) return { budgetUsd: null, spentUsd, leftUsd: null, renewsAt };
      return { budgetUsd, spentUsd, leftUsd: Math.max(0, budgetUsd - spentUsd), renewsAt };
    },
  };
}
