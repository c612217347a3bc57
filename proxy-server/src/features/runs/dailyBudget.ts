/**
 * USER_DAILY_BUDGET_USD: what one user's model calls may cost per UTC day, estimated from list
 * prices as Prove estimates them; ORG_DAILY_BUDGET_USD: the same for an organization's runs, whoever
 * makes them. A call in an organization's space counts against both. Before each model call its worst
 * case (its input and the most output it may return) is reserved in each stored total, in one atomic
 * step per total that refuses once it reached its budget; after the call the reservations are settled
 * to the call's real cost. So concurrent calls, on any instance, never pass a budget by more than one
 * call's estimate. Stored, so every instance and a restart see the same totals.
 */
import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { dailyBudgetSpent, orgDailyBudgetSpent } from '@prompt-perfect/core/messages';
import { costUsd, type TokenUse } from '@prompt-perfect/core/prove/cost';
import type { Logger } from 'pino';
import { TooManyRequests } from '../../http/httpError';
import type { Payer } from './payer';
import type { SpendStore } from './spend';

/** A call's share of the budgets, held from before it starts until it is settled. */
interface Reservation {
  /**
   * Replaces the reserved worst case with what the call cost (nothing for a call that returned
   * nothing). Never throws: the answer was paid for; a failure is logged.
   */
  settle(tokens: TokenUse, log?: Logger): Promise<void>;
}

export interface DailyBudget {
  /** What is left today of the tighter of the payer's budgets; Infinity without any. */
  left(payer: Payer): Promise<number>;
  /** 429 naming the budget once nothing is left of one. */
  check(payer: Payer): Promise<void>;
  /** Holds the call's worst case (`worst` tokens of `model`); 429 naming the budget once one is spent. */
  reserve(payer: Payer, model: string, worst: TokenUse): Promise<Reservation>;
  /** A person's own budget (GET /api/me/budget). */
  status(userId: string): Promise<DailyBudgetStatus>;
  /** An organization's budget, by its owner key `org:<id>`. */
  orgStatus(orgOwnerId: string): Promise<DailyBudgetStatus>;
}

export interface DailyBudgetLimits {
  /** 0: no budget (nothing is read or written on the hot path). */
  userUsd: number;
  orgUsd: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
const NOTHING_HELD: Reservation = { settle: async () => undefined };

/** One stored total (a person's or an organization's) against its budget. */
interface Account {
  key: string;
  budgetUsd: number;
  refusal(): TooManyRequests;
}

const accountsOf = (payer: Payer, limits: DailyBudgetLimits): Account[] => {
  const own: Account = {
    key: payer.userId,
    budgetUsd: limits.userUsd,
    refusal: () =>
      new TooManyRequests(dailyBudgetSpent(limits.userUsd), { code: 'budget_spent', extra: { budget: 'personal' } }),
  };
  if (!payer.org) return [own];
  const { ownerId, name } = payer.org;
  const org: Account = {
    key: ownerId,
    budgetUsd: limits.orgUsd,
    refusal: () =>
      new TooManyRequests(orgDailyBudgetSpent(name, limits.orgUsd), { code: 'budget_spent', extra: { budget: 'org' } }),
  };
  return [own, org];
};

export function createDailyBudget(
  store: SpendStore,
  limits: DailyBudgetLimits,
  now: () => number = Date.now,
): DailyBudget {
  const spentOn = async (key: string, day: string) => Math.max(0, await store.spent(key, day));
  const leftOf = async (a: Account, day: string) =>
    a.budgetUsd > 0 ? Math.max(0, a.budgetUsd - (await spentOn(a.key, day))) : Number.POSITIVE_INFINITY;
  const statusOf = async (key: string, budgetUsd: number): Promise<DailyBudgetStatus> => {
    const today = now();
    const spentUsd = await spentOn(key, utcDay(today));
    const renewsAt = new Date(Math.floor(today / DAY_MS) * DAY_MS + DAY_MS).toISOString();
    if (budgetUsd <= 0) return { budgetUsd: null, spentUsd, leftUsd: null, renewsAt };
    return { budgetUsd, spentUsd, leftUsd: Math.max(0, budgetUsd - spentUsd), renewsAt };
  };
  /** Adds `usd` to each total (negative: gives back what a reservation held). */
  const addTo = (accounts: Account[], day: string, usd: number) =>
    Promise.all(accounts.map((a) => store.add(a.key, day, usd)));

  return {
    async left(payer) {
      const day = utcDay(now());
      const lefts = await Promise.all(accountsOf(payer, limits).map((a) => leftOf(a, day)));
      return Math.min(...lefts);
    },
    async check(payer) {
      const day = utcDay(now());
      for (const a of accountsOf(payer, limits)) if ((await leftOf(a, day)) <= 0) throw a.refusal();
    },
    async reserve(payer, model, worst) {
      const accounts = accountsOf(payer, limits).filter((a) => a.budgetUsd > 0);
      if (accounts.length === 0) return NOTHING_HELD;
      const price = priceOf(model);
      const held = costUsd(worst, price);
      // The day of the reservation: a call across midnight is settled on the day it was counted.
      const day = utcDay(now());
      const reserved: Account[] = [];
      for (const a of accounts) {
        if (!(await store.reserve(a.key, day, held, a.budgetUsd))) {
          await addTo(reserved, day, -held);
          throw a.refusal();
        }
        reserved.push(a);
      }
      return {
        async settle(tokens, log) {
          const change = costUsd(tokens, price) - held;
          if (change === 0) return;
          try {
            await addTo(reserved, day, change);
          } catch (err) {
            log?.error({ err }, 'settling reserved model spend failed');
          }
        },
      };
    },
    status: (userId) => statusOf(userId, limits.userUsd),
    orgStatus: (orgOwnerId) => statusOf(orgOwnerId, limits.orgUsd),
  };
}
