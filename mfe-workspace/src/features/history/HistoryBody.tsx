import { useRef } from 'react';
import { chainTask, firstLines } from '@prompt-perfect/core/rules/historyChains';
import ui from '../../ui/ui.module.css';
import { restoreVersion } from './restoreVersion';
import { useHistory } from './useHistory';
import { describeVersion, VersionList } from './VersionList';
import styles from './History.module.css';

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
          <p className={styles.muted}>No runs yet. Each Perfect starts a prompt; each Continue Building adds a version.</p>
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
      <section className={styles.section} aria-labelledby="ws-history-earlier">
        <h3 id="ws-history-earlier" className={styles.heading}>
          Earlier prompts
        </h3>
        <div className={styles.search}>
          <label htmlFor="ws-history-search" className="visually-hidden">
            Search history
          </label>
          <input
            id="ws-history-search"
            type="search"
            className={ui.input}
            placeholder="Search by text"
            value={history.query}
            onChange={(e) => history.setQuery(e.target.value)}
          />
        </div>
        {history.status === 'ready' && history.chains.length === 0 && (
          <p className={styles.muted}>{history.query ? 'Nothing in your history matches.' : 'Nothing yet.'}</p>
        )}
        <ul className={styles.list} aria-label="Earlier prompts">
          {history.chains.map((c) => {
            const latest = c.versions[0];
            const count = c.versions.length;
            return (
              <li key={c.chainId} className={`${styles.item} ${c.chainId === chain?.chainId ? styles.itemCurrent : ''}`}>
                <p className={styles.preview}>{firstLines(chainTask(c), 1)}</p>
                <p className={styles.meta}>
                  {describeVersion(latest)}
                  {count > 1 && ` · ${count} versions`}
                </p>
                <div className={styles.row}>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    onClick={() => {
                      history.openChain(c.chainId);
                      versionsHeading.current?.focus();
                    }}
                    aria-label={`Show versions of: ${firstLines(chainTask(c), 1, 60)}`}
                  >
                    Show versions
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        {history.hasMore && (
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={history.loadMore}>
            Load more
          </button>
        )}
      </section>
    </>
  );
}
