import { useRef } from 'react';
import { chainTask, firstLines } from '@prompt-perfect/core/history/historyChains';
import ui from '../../ui/ui.module.css';
import { restoreVersion } from './restoreVersion';
import { useHistory } from './useHistory';
import { EarlierPrompts } from './EarlierPrompts';
import { VersionList } from './VersionList';
import { SavedComparisons } from '../compare';
import styles from '../../ui/versions.module.css';

/** The open panel: the versions of the shown prompt, and the user's earlier prompts with search. */
export default function HistoryBody({ currentId, onRestored }: { currentId: number | null; onRestored: () => void }) {
  const history = useHistory(currentId);
  const { chain } = history;
  const versionsHeading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      {history.error && (
        <p className={ui.error} role="alert">
          {history.error}
        </p>
      )}
      <section className={styles.section} aria-labelledby="ws-history-versions">
        <h3 id="ws-history-versions" className={styles.heading} ref={versionsHeading} tabIndex={-1}>
          Versions of this prompt
        </h3>
        {history.status === 'loading' && !chain ? (
          <p className={styles.muted} role="status">
            Loading history…
          </p>
        ) : !chain ? (
          <p className={styles.muted}>
            No runs yet. Each Perfect starts a prompt; each Continue Building adds a version.
          </p>
        ) : (
          <>
            <p className={styles.muted}>Task: {firstLines(chainTask(chain), 1)}</p>
            <VersionList
              key={chain.chainId}
              chain={chain}
              currentId={currentId}
              onRestore={(v) => {
                restoreVersion(chain, v);
                onRestored();
              }}
            />
          </>
        )}
      </section>
      <EarlierPrompts history={history} onOpen={() => versionsHeading.current?.focus()} />
      <SavedComparisons onOpened={onRestored} />
    </>
  );
}
