import { chainTask, firstLines } from '@prompt-perfect/core/history/historyChains';
import ui from '../../ui/ui.module.css';
import type { HistoryView } from './useHistory';
import { describeVersion } from './VersionList';
import styles from '../../ui/versions.module.css';

/** The user's earlier prompts, newest first, with search and paging; `onOpen` follows opening one's versions. */
export function EarlierPrompts({ history, onOpen }: { history: HistoryView; onOpen: () => void }) {
  return (
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
            <li
              key={c.chainId}
              className={`${styles.item} ${c.chainId === history.chain?.chainId ? styles.itemCurrent : ''}`}
            >
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
                    onOpen();
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
  );
}
