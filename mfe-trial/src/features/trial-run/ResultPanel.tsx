import type { ReactNode, Ref } from 'react';
import { errorText, FREE_RUN_NOT_USED, MSG, tryAgainIn } from '@prompt-perfect/core/messages';
import buttons from '../../components/buttons.module.css';
import { CopyButton } from '../../components/CopyButton';
import { modelDisplayName, OFFLINE_MODEL_NAME } from '@prompt-perfect/core/catalog/modelNames';
import { TRIAL_MODEL } from '@prompt-perfect/core/catalog/providers';
import { WaitingLine } from '@prompt-perfect/shared/ui/waiting/WaitingLine';
import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import type { TrialRunResult } from './useTrialRun';
import styles from './ResultPanel.module.css';

interface Props {
  result: TrialRunResult;
  busy: boolean;
  /** Stops the run in flight; the Stop button shows from the moment it starts. */
  onStop?: () => void;
  /** Runs the last prompt again; offered beside an error. */
  onRetry?: () => void;
  headingId: string;
  heading?: string;
  ref?: Ref<HTMLElement>;
  /** Under a finished result: the prompt check of the result. */
  footer?: ReactNode;
}

/** The result of a run: the improved prompt with Copy, or the run's error; announced politely. */
export function ResultPanel({
  result,
  busy,
  onStop,
  onRetry,
  headingId,
  heading = 'Perfected prompt',
  ref,
  footer,
}: Props) {
  const streaming = busy && result.kind === 'streaming';
  const success = result.kind === 'success' ? result : result.kind === 'error' ? result.previous : undefined;
  return (
    <section
      ref={ref}
      className={styles.panel}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      data-testid="trial-result"
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
        {busy && onStop && (
          <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={onStop}>
            <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
              <rect x="3" y="3" width="10" height="10" rx="1.5" fill="currentColor" />
            </svg>
            Stop
          </button>
        )}
        {success && !busy && <CopyButton text={success.text} />}
      </div>

      {/* Short announcements only: the prompt itself is read from the panel, not shouted. */}
      <p role="status" className="visually-hidden">
        {busy && !streaming
          ? MSG.perfecting
          : result.kind === 'success' && !busy
            ? 'Your perfected prompt is ready.'
            : ''}
      </p>

      {result.kind === 'error' && !result.partialText && !busy && (
        <div role="alert" className={styles.failure} data-testid="trial-error">
          <p className={styles.error} data-testid="trial-output">
            {errorText(result.message)}
            {result.retryAfterSeconds !== undefined && ` ${tryAgainIn(result.retryAfterSeconds)}`}
          </p>
          <p className={styles.note}>{FREE_RUN_NOT_USED}</p>
          {onRetry && (
            <button type="button" className={`${buttons.secondary} ${buttons.small}`} onClick={onRetry}>
              Retry
            </button>
          )}
        </div>
      )}

      {result.kind === 'streaming' ? (
        <div className={styles.output} data-streaming={streaming}>
          <ResultView text={result.text} streaming={streaming} testId="trial-output" />
        </div>
      ) : busy ? (
        <div className={styles.placeholder}>
          <span className={styles.spinner} aria-hidden="true" />
          <WaitingLine modelName={modelDisplayName(TRIAL_MODEL)} />
        </div>
      ) : success ? (
        <>
          <div className={styles.output}>
            <ResultView
              text={success.text}
              model={success.offline ? OFFLINE_MODEL_NAME : undefined}
              testId={result.kind === 'success' ? 'trial-output' : 'trial-previous-output'}
            />
          </div>
          {result.kind === 'success' && footer}
        </>
      ) : result.kind === 'error' && result.partialText ? (
        <>
          <div className={styles.output}>
            <ResultView text={result.partialText} testId="trial-output" />
          </div>
          <p role="alert" className={styles.error} data-testid="trial-output-interruption">
            {errorText(result.message)}
          </p>
        </>
      ) : result.kind === 'error' ? null : (
        <p className={styles.placeholder}>Your improved prompt will appear here.</p>
      )}
    </section>
  );
}
