import { tryAgainIn } from '@prompt-perfect/core/messages';
import type { RunFailure } from '../state/workspaceStore';
import ui from './ui.module.css';
import styles from './failure.module.css';

/** The provider's own words, folded away under "Details". */
export function FailureDetails({ details }: { details?: string }) {
  if (!details) return null;
  return (
    <details className={styles.details} data-testid="failure-details">
      <summary>Details</summary>
      <p>{details}</p>
    </details>
  );
}

/** Why a run failed (a sentence with what to do next), the provider's words under Details, and Retry. */
export function FailureLine({
  failure,
  onRetry,
  testId,
}: {
  failure: RunFailure;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <div className={styles.failure} data-testid={testId}>
      <div className={styles.text}>
        <p className={`${ui.error} ${styles.message}`}>
          {failure.message}
          {failure.retryAfterSeconds !== undefined && ` ${tryAgainIn(failure.retryAfterSeconds)}`}
        </p>
        <FailureDetails details={failure.details} />
      </div>
      <button type="button" className={`${ui.button} ${ui.small}`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
