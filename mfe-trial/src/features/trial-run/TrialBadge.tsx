import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import styles from './TrialBadge.module.css';

/** remaining/10, read out as "7 of 10 free trials left". */
export function TrialBadge({ remaining }: { remaining: number }) {
  const low = remaining <= 3;
  return (
    <p className={styles.badge} data-low={low || undefined}>
      <span
        role="img"
        data-testid="trial-badge"
        aria-label={`${remaining} of ${TRIAL_LIMIT} free trials left`}
        className={styles.count}
      >
        {remaining}/{TRIAL_LIMIT}
      </span>
      <span className={styles.caption} aria-hidden="true">
        free {remaining === 1 ? 'trial' : 'trials'} left
      </span>
    </p>
  );
}
