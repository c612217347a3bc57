import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import buttons from '../../components/buttons.module.css';
import styles from './marketing.module.css';

/** Call to action for signing in. Its label avoids the words of the header's "Sign In" button. */
export function SignInCta({ onRequestSignIn }: { onRequestSignIn: () => void }) {
  return (
    <section className={`${styles.card} ${styles.ctaCard}`} aria-labelledby="trial-cta-heading">
      <h2 id="trial-cta-heading" className={styles.cardHeading}>
        Ready for more than {TRIAL_LIMIT} runs?
      </h2>
      <p className={styles.cardText}>
        Sign in for unlimited perfections, every model and the full workspace: techniques, templates, favorites, a test
        runner and progress tracking.
      </p>
      <button type="button" className={buttons.primary} onClick={onRequestSignIn}>
        Unlock the full workspace
      </button>
    </section>
  );
}
