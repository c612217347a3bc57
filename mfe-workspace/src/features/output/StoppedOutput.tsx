import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import { type ResultText, useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './Output.module.css';

/** What a screen reader hears after Stop: never that a result is ready. */
export const STOPPED_STATUS = 'Stopped. The answer so far is shown below, marked Stopped.';

/**
 * A run the user stopped: what had arrived, marked "Stopped" and kept apart from the result (the
 * earlier complete result, if any, stays the result). Dismiss hides it.
 */
export function StoppedOutput({ stopped, hasEarlier }: { stopped: ResultText; hasEarlier: boolean }) {
  return (
    <section className={styles.stopped} aria-labelledby="ws-stopped-title" data-testid="workspace-stopped-output">
      <div className={styles.stoppedHeader}>
        <h3 id="ws-stopped-title" className={styles.stoppedTitle}>
          <span className={ui.stoppedBadge}>Stopped</span>
        </h3>
        <button
          type="button"
          className={`${ui.ghost} ${ui.small}`}
          onClick={() => useWorkspaceStore.getState().set({ stoppedOutput: null })}
        >
          Dismiss
        </button>
      </div>
      <p className={styles.placeholder}>
        {hasEarlier
          ? 'You stopped this answer before it ended, so your earlier result above stays the result.'
          : 'You stopped this answer before it ended, so it is not kept as a result.'}
      </p>
      <ResultView text={stopped.text} model={stopped.model} label="Stopped answer" testId="stopped-text" />
    </section>
  );
}
