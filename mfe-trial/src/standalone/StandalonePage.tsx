import { useState } from 'react';
import { selectRemaining, useTrialStore } from '@prompt-perfect/shared/stores/trialStore';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import TrialApp from '../App';
import styles from './StandalonePage.module.css';

/**
 * The feature team's page: the trial remote without the shell. A stand-in header shows the same
 * shared store the real header reads; "sign in" is the shell's job, so it is only reported here.
 */
export function StandalonePage() {
  const remaining = useTrialStore(selectRemaining);
  const [signInAsked, setSignInAsked] = useState(false);
  return (
    <>
      <header className={styles.bar}>
        <span className={styles.title}>
          Prompt Perfect <span className={styles.tag}>trial remote · standalone</span>
        </span>
        <span data-testid="header-trials" className={styles.count}>
          {remaining} of {TRIAL_LIMIT} free trials left
        </span>
      </header>
      {signInAsked && (
        <p role="status" className={styles.notice}>
          The remote asked for sign-in (onRequestSignIn). In the composed app the shell opens /sign-in.
        </p>
      )}
      <main id="main">
        <TrialApp onRequestSignIn={() => setSignInAsked(true)} />
      </main>
    </>
  );
}
