import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { useEffect, useState } from 'react';
import { fetchDailyBudget, fetchSpaceBudget } from '@prompt-perfect/shared/api/budgetClient';
import { useActiveOrg } from '../../state/space';
import ui from '../../ui/ui.module.css';

const dollars = (usd: number) => `$${usd.toFixed(2)}`;

/** What a budget line says: what is left of today's model budget, and when it renews. */
function budgetText(status: DailyBudgetStatus): string {
  if (status.budgetUsd === null || status.leftUsd === null) return 'This server sets no daily limit on model use.';
  const renews = new Date(status.renewsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `${dollars(status.leftUsd)} of ${dollars(status.budgetUsd)} left today (estimated from list prices). Renews at ${renews}.`;
}

type Lines = { personal: string; org: { name: string; text: string } | null };

/**
 * Settings: what is left of today's model budget (USER_DAILY_BUDGET_USD), read when Settings opens;
 * in an organization also its own (ORG_DAILY_BUDGET_USD): a run there counts against both.
 */
export function DailyBudget() {
  const org = useActiveOrg();
  const slug = org?.slug ?? null;
  const [lines, setLines] = useState<Lines>({ personal: 'Loading today’s model budget…', org: null });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    setLines({ personal: 'Loading today’s model budget…', org: null });
    const read = slug
      ? fetchSpaceBudget(slug, controller.signal).then((both) => ({
          personal: budgetText(both.personal),
          org: { name: both.org.name, text: budgetText(both.org) },
        }))
      : fetchDailyBudget(controller.signal).then((own) => ({ personal: budgetText(own), org: null }));
    read.then(setLines).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setFailed(true);
      setLines({ personal: messageOf(error), org: null });
    });
    return () => controller.abort();
  }, [slug]);
  const hint = failed ? `${ui.hint} ${ui.error}` : ui.hint;
  return (
    <>
      <span className={ui.label} id="ws-budget-label">
        {lines.org ? 'Your model budget' : 'Model budget'}
      </span>
      <p className={hint} aria-labelledby="ws-budget-label" role="status" data-testid="ws-daily-budget">
        {lines.personal}
      </p>
      {lines.org && (
        <>
          <span className={ui.label} id="ws-org-budget-label">
            {lines.org.name}’s model budget
          </span>
          <p className={ui.hint} aria-labelledby="ws-org-budget-label" role="status" data-testid="ws-org-budget">
            {lines.org.text} A run here counts against both.
          </p>
        </>
      )}
    </>
  );
}
