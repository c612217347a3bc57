import { useEffect, useState } from 'react';
import { wordDiff, type DiffPart } from './wordDiff';
import styles from './History.module.css';

/**
 * Word diff of two versions: added words in <ins>, removed in <del>, each with a hidden "added"/
 * "removed" so screen readers announce the change, not only sighted users.
 */
export function DiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const [parts, setParts] = useState<DiffPart[] | null>(null);
  useEffect(() => {
    let current = true;
    setParts(null);
    void wordDiff(before, after).then((result) => current && setParts(result));
    return () => {
      current = false;
    };
  }, [before, after]);

  const added = parts?.filter((p) => p.kind === 'added').length ?? 0;
  const removed = parts?.filter((p) => p.kind === 'removed').length ?? 0;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
    <section className={styles.diff} aria-label={label} aria-busy={parts === null} tabIndex={0} data-testid="history-diff">
      {parts === null ? (
        <p className={styles.muted} role="status">
          Comparing…
        </p>
      ) : (
        <>
          <p className={styles.muted} role="status">
            {added === 0 && removed === 0 ? 'No differences.' : `${added} added, ${removed} removed.`}
          </p>
          <div className={styles.diffText}>
            {parts.map((part) =>
              part.kind === 'added' ? (
                <ins key={part.key}>
                  <span className="visually-hidden">added: </span>
                  {part.text}
                </ins>
              ) : part.kind === 'removed' ? (
                <del key={part.key}>
                  <span className="visually-hidden">removed: </span>
                  {part.text}
                </del>
              ) : (
                <span key={part.key}>{part.text}</span>
              ),
            )}
          </div>
        </>
      )}
    </section>
  );
}
