import { useEffect, useRef, type ReactNode } from 'react';
import { TRIAL_IDS } from '../../elementIds';
import { MSG } from '@prompt-perfect/core/messages';
import { PROVIDERS } from '@prompt-perfect/core/catalog/providers';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import buttons from '../../components/buttons.module.css';
import styles from './TrialComplete.module.css';

interface Props {
  onRequestSignIn: () => void;
  /** Move focus to the heading: the view replaced the form the visitor was using. */
  focusHeading?: boolean;
  /** The last run's result, so the tenth prompt is not lost when the view switches. */
  lastResult?: ReactNode;
}

const BENEFITS = [
  {
    title: 'Unlimited perfections',
    text: `No ${TRIAL_LIMIT}-run cap. Perfect, refine and test as many prompts as you need.`,
    icon: (
      <path d="M7 8.5c-2 0-3.5 1.5-3.5 3.5S5 15.5 7 15.5c3 0 7-7 10-7 2 0 3.5 1.5 3.5 3.5S19 15.5 17 15.5c-3 0-7-7-10-7z" />
    ),
  },
  {
    title: 'All AI models',
    text: `Choose any of ${PROVIDERS.openai.models.length} OpenAI and ${PROVIDERS.anthropic.models.length} Anthropic Claude models for each run.`,
    icon: (
      <>
        <rect x="5" y="5" width="14" height="14" rx="3" />
        <path d="M9 2v3M15 2v3M9 19v3M15 19v3M2 9h3M2 15h3M19 9h3M19 15h3" />
      </>
    ),
  },
  {
    title: 'Advanced features',
    text: 'Techniques, tones, languages, personas, audiences, templates, favorites, a test runner and progress badges.',
    icon: <path d="M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.4 6.7 19.4l1.2-6L3.4 9.3l6-.7z" />,
  },
];

/** Visitor view once the ten free runs are used: what signing in gives, and the way there. */
export function TrialComplete({ onRequestSignIn, focusHeading = false, lastResult }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = TRIAL_IDS.completeHeading;

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <section className={styles.view} aria-labelledby={headingId} data-testid="trial-complete">
      <div className={styles.hero}>
        <span className={styles.mark} aria-hidden="true">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
          {MSG.trialComplete}
        </h1>
        <p className={styles.lead}>
          You have used all {TRIAL_LIMIT} free perfections. Sign in to keep improving your prompts, with every model and
          the full workspace.
        </p>
      </div>

      {/* First, so a phone shows it without scrolling. */}
      <div className={styles.actions}>
        <button type="button" className={`${buttons.primary} ${styles.cta}`} onClick={onRequestSignIn}>
          {MSG.getStartedToday}
        </button>
      </div>

      {lastResult}

      <ul className={styles.benefits} aria-label="What you get when you sign in">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className={styles.benefit}>
            <span className={styles.benefitIcon} aria-hidden="true">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="24"
                height="24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {benefit.icon}
              </svg>
            </span>
            <h2 className={styles.benefitTitle}>{benefit.title}</h2>
            <p className={styles.benefitText}>{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
