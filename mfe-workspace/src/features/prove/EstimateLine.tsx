import { DRAFT_CASES_MIN, type OptimizationLimits } from '@prompt-perfect/core/api/prove';
import ui from '../../ui/ui.module.css';
import styles from './Prove.module.css';
import { useProveStore, type ProveState } from './proveStore';
import { draftCases } from './testSetActions';
import { tokensText, usdText } from './scoreText';

/** What the run would use at most, before it starts, and which limit would end it first. */
export function EstimateLine({
  estimate,
  limits,
  unsaved,
}: {
  estimate: ProveState['estimate'];
  limits: OptimizationLimits;
  unsaved: boolean;
}) {
  if (unsaved) return <p className={styles.estimate}>Save the test set to see what a run would cost.</p>;
  if (estimate.status === 'loading')
    return (
      <p className={styles.estimate} role="status">
        Estimating…
      </p>
    );
  if (estimate.status === 'failed')
    return (
      <p className={`${styles.estimate} ${ui.error}`} role="alert">
        {estimate.error}
      </p>
    );
  const e = estimate.value;
  if (!e) return null;
  const capped =
    e.tokens > limits.maxTokens ? 'your token limit' : e.costUsd > limits.maxCostUsd ? 'your cost limit' : null;
  return (
    <>
      <p className={styles.estimate} role="status" data-testid="prove-estimate">
        Estimate for {limits.maxRounds} {limits.maxRounds === 1 ? 'round' : 'rounds'}: at most {tokensText(e.tokens)},
        about {usdText(e.costUsd)}. Edits are proposed from {e.trainCaseIds.length} cases, chosen on{' '}
        {e.validationCaseIds.length} validation cases, and the last one is tested against your prompt on{' '}
        {e.testCaseIds.length} cases never used to choose.{' '}
        {e.testBudget && (
          <span className={e.testBudget.tooStrict ? styles.warning : undefined} data-testid="prove-test-budget">
            {e.testBudget.note}
          </span>
        )}
        {capped && <span className={styles.warning}> The run will stop early at {capped}.</span>}
      </p>
      {e.testBudget?.tooStrict && <FreshCasesOffer count={e.testBudget.freshCasesToAdd} />}
    </>
  );
}

/** The offer made when the test cases' budget is spent: draft fresh cases, which get a budget of their own. */
function FreshCasesOffer({ count }: { count: number }) {
  const drafting = useProveStore((s) => s.editorBusy === 'drafting');
  const n = Math.max(DRAFT_CASES_MIN, count);
  return (
    <div className={styles.row}>
      <button
        type="button"
        className={ui.button}
        onClick={() => void draftCases(n)}
        disabled={drafting}
        aria-busy={drafting}
      >
        {drafting ? 'Drafting…' : `Draft ${n} fresh cases`}
      </button>
    </div>
  );
}
