import type { Ref } from 'react';
import { errorText, MSG } from '@prompt-perfect/shared/messages';
import { CopyButton } from '../../components/CopyButton';
import type { TrialRunResult } from './useTrialRun';
import styles from './ResultPanel.module.css';

export const OFFLINE_RESULT_NOTE = 'Made by the offline optimizer — no AI provider is configured on this server. It used none of your free trials.';

interface Props {
  result: TrialRunResult;
  busy: boolean;
  headingId: string;
  heading?: string;
  ref?: Ref<HTMLElement>;
}

/** The result of a run: the improved prompt with Copy, or the run's error; announced politely. */
export function ResultPanel({ result, busy, headingId, heading = 'Perfected prompt', ref }: Props) {
  return (
    <section ref={ref} className={styles.panel} aria-labelledby={headingId} aria-busy={busy || undefined} data-testid="trial-result">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
        {result.kind === 'success' && !busy && <CopyButton text={result.text} />}
      </div>

      {/* Short announcements only: the prompt itself is read from the panel, not shouted. */}
      <p role="status" className="visually-hidden">
        {busy ? MSG.perfecting : result.kind === 'success' ? 'Your perfected prompt is ready.' : ''}
      </p>

      {busy ? (
        <div className={styles.placeholder}>
          <span className={styles.spinner} aria-hidden="true" />
          {MSG.perfecting}
        </div>
      ) : result.kind === 'success' ? (
        <>
          {result.offline && (
            <p className={styles.offline}>
              <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                <path d="M8 7v4M8 4.8v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
              {OFFLINE_RESULT_NOTE}
            </p>
          )}
          <div className={styles.output} data-testid="trial-output">
            {result.text}
          </div>
        </>
      ) : result.kind === 'error' ? (
        <p role="alert" className={styles.error} data-testid="trial-output">
          {errorText(result.message)}
        </p>
      ) : (
        <p className={styles.placeholder}>Your improved prompt will appear here.</p>
      )}
    </section>
  );
}
