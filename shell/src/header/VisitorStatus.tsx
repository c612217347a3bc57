import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { selectRemaining, useTrialStore } from '@prompt-perfect/shared/stores/trialStore';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import { preloadShellDialog } from '../layout/LazyShellDialog';
import styles from './Header.module.css';

export function VisitorStatus({ onSignIn }: { onSignIn: () => void }) {
  const remaining = useTrialStore(selectRemaining);
  const unavailable = useAuthStore((state) => state.unavailable);
  return (
    <div className={styles.status}>
      <span
        role="img"
        className={styles.pill}
        data-testid="header-trials"
        aria-label={`${remaining} of ${TRIAL_LIMIT} free trials left`}
      >
        <strong>{remaining}</strong>
        <span className={styles.pillLabel}>&nbsp;free {remaining === 1 ? 'trial' : 'trials'} left</span>
      </span>
      {unavailable ? (
        <span className={styles.notice} role="status">
          Sign-in is unavailable right now
        </span>
      ) : (
        <button
          type="button"
          className={styles.primaryButton}
          onClick={onSignIn}
          onPointerEnter={preloadShellDialog}
          onFocus={preloadShellDialog}
        >
          Sign In
        </button>
      )}
    </div>
  );
}
