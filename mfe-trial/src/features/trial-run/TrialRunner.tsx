import { useEffect, useRef } from 'react';
import { TRIAL_IDS } from '../../elementIds';
import { rememberVisitorResult } from '@prompt-perfect/shared/visitor/visitorWork';
import { PromptForm } from './PromptForm';
import { ResultCheck } from './ResultCheck';
import { ResultPanel } from './ResultPanel';
import type { TrialRun } from './useTrialRun';
import styles from './TrialRunner.module.css';

/**
 * Prompt box beside (desktop) or above (phone) its result. On a phone the result lands below the
 * fold, so a finished run brings the panel into view.
 */
export function TrialRunner({ trial, exhausted }: { trial: TrialRun; exhausted: boolean }) {
  const resultHeadingId = TRIAL_IDS.resultHeading;
  const panelRef = useRef<HTMLElement>(null);

  // Once per run, when its first text (or its outcome) arrives.
  const shownKind = trial.result.kind;
  useEffect(() => {
    const panel = panelRef.current;
    if (shownKind === 'idle' || !panel || typeof window === 'undefined') return;
    if (panel.getBoundingClientRect().top > window.innerHeight * 0.6) {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      panel.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    }
  }, [shownKind]);

  // Signing in carries the last result (and the task it came from) into the workspace.
  const finished = trial.result.kind === 'success' ? trial.result.text : null;
  useEffect(() => {
    if (finished) rememberVisitorResult(trial.ranPrompt, finished);
  }, [finished, trial.ranPrompt]);

  return (
    <div className={styles.runner}>
      <PromptForm busy={trial.busy} exhausted={exhausted} onRun={trial.run} />
      <ResultPanel
        ref={panelRef}
        result={trial.result}
        busy={trial.busy}
        onStop={trial.stop}
        onRetry={trial.retry}
        headingId={resultHeadingId}
        footer={
          trial.result.kind === 'success' && (
            <ResultCheck text={trial.result.text} original={trial.ranPrompt} onFix={trial.replaceText} />
          )
        }
      />
    </div>
  );
}
