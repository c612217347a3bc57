/** The "Check with model" button of a prompt check, with its progress, its cost and its error. */
import { useId } from 'react';
import { describeModelCheck } from '@prompt-perfect/core/lint/model/describe';
import ui from '../../ui/ui.module.css';
import styles from './PromptCheck.module.css';
import type { ModelCheck } from './useModelCheck';

export function ModelCheckControl({ check }: { check: ModelCheck }) {
  const noteId = useId();
  const { state, unavailable } = check;
  const loading = state.status === 'loading';
  const note =
    unavailable ??
    (state.status === 'done'
      ? state.report
        ? describeModelCheck(state.report)
        : 'Model check done.'
      : 'Also asks the Test model about what rules cannot judge: repeated or buried instructions, pasted data, conflicts, form, language. Costs one model call.');
  return (
    <div className={styles.modelCheck}>
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        onClick={check.run}
        disabled={Boolean(unavailable) || loading}
        aria-busy={loading}
        aria-describedby={noteId}
      >
        {loading ? 'Checking with model…' : state.status === 'done' ? 'Check again with model' : 'Check with model'}
      </button>
      <p id={noteId} className={ui.hint} aria-live="polite">
        {note}
      </p>
      {state.status === 'failed' && (
        <p className={ui.error} role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
