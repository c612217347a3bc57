import { useEffect, useRef, useState } from 'react';
import { TRIAL_IDS } from './elementIds';
import type { TrialAppProps } from '@prompt-perfect/core/contracts/remotes';
import { selectRemaining, useTrialStore } from '@prompt-perfect/shared/stores/trialStore';
import { FeatureTeaser } from './features/marketing';
import { Faq } from './features/marketing';
import { PAGE_CONTENT } from './features/marketing';
import { ContactBlock } from './features/marketing';
import { SignInCta } from './features/marketing';
import { TrialComplete } from './features/trial-complete';
import { ResultPanel } from './features/trial-run';
import { TrialRunner } from './features/trial-run';
import { useTrialRun } from './features/trial-run';
import { useTrialStatus } from './features/trial-run';
import styles from './App.module.css';

/**
 * The visitor page below the shell header (exposed as './TrialApp'). Trials left: the runner and
 * the marketing content; none left: 'Trial Complete!'. Both read the shared trial store, as does
 * the shell header, so every count on the page agrees.
 */
export default function TrialApp({ onRequestSignIn }: TrialAppProps) {
  const remaining = useTrialStore(selectRemaining);
  const { offline } = useTrialStatus();
  const trial = useTrialRun();
  const exhausted = remaining === 0;
  const lastResultHeadingId = TRIAL_IDS.lastResultHeading;

  // Focus follows the visitor when their own run used the last trial and the form disappeared.
  const wasExhausted = useRef(exhausted);
  const [focusComplete, setFocusComplete] = useState(false);
  useEffect(() => {
    if (exhausted && !wasExhausted.current && trial.result.kind !== 'idle') setFocusComplete(true);
    wasExhausted.current = exhausted;
  }, [exhausted, trial.result.kind]);

  if (exhausted) {
    return (
      <div className={styles.page}>
        <TrialComplete
          onRequestSignIn={onRequestSignIn}
          focusHeading={focusComplete}
          lastResult={
            trial.result.kind === 'success' ? (
              <ResultPanel
                result={trial.result}
                busy={false}
                headingId={lastResultHeadingId}
                heading="Your last perfected prompt"
              />
            ) : undefined
          }
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <section className={styles.hero} aria-labelledby="trial-title">
          <div className={styles.heroText}>
            <h1 id="trial-title" className={styles.title}>
              {PAGE_CONTENT.heading}
            </h1>
            <p className={styles.lead}>{PAGE_CONTENT.lead}</p>
          </div>
        </section>

        {offline && (
          <p className={styles.notice}>
            This server has no AI provider configured, so runs use the built-in offline optimizer: instant and private,
            built from rules rather than an AI model, and free: they use none of your free trials.
          </p>
        )}

        <TrialRunner trial={trial} exhausted={exhausted} />
      </div>

      <FeatureTeaser />
      <Faq />

      <div className={styles.closing}>
        <ContactBlock />
        <SignInCta onRequestSignIn={onRequestSignIn} />
      </div>
    </div>
  );
}
