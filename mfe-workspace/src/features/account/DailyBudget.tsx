import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { useEffect, useState } from 'react';
import { fetchDailyBudget } from '@prompt-perfect/shared/api/budgetClient';
import ui from '../../ui/ui.module.css';

const dollars = (usd: number) => `$${usd.toFixed(2)}`;

/** What the budget line says: what is left of today's model budget, and when it renews. */
function budgetText(status: DailyBudgetStatus): string {
  if (status.budgetUsd === null || status.leftUsd === null) return 'This server sets no daily limit on model use.';
  const renews = new Date(status.renewsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `${dollars(status.leftUsd)} of ${dollars(status.budgetUsd)} left today (estimated from list prices). Renews at ${renews}.`;
}

/** Settings: what is left of today's model budget (USER_DAILY_BUDGET_USD), read when Settings opens. */
export function DailyBudget() {
  const [text, setText] = useState('Loading today’s model budget…');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchDailyBudget(controller.signal)
      .then((status) => setText(budgetText(status)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setText(messageOf(error));
      });
    return () => controller.abort();
  }, []);
  return (
    <>
      <span className={ui.label} id="ws-budget-label">
        Model budget
      </span>
      <p
        className={failed ? `${ui.hint} ${ui.error}` : ui.hint}
        aria-labelledby="ws-budget-label"
        role="status"
        data-testid="ws-daily-budget"
      >
        {text}
      </p>
    </>
  );
}
