import { useEffect, useState } from 'react';
import { wordDiff, type DiffPart } from './wordDiff';
import styles from '../../ui/versions.module.css';

/**
 * An unchanged stretch cut to `context` characters either side of the changes around it (the
 * report of a long prompt's small edit shows the edit, not the whole prompt).
 */
function shortened(text: string, context: number, first: boolean, last: boolean): string {
  if (text.length <= context * 2 + 20 || (first && last)) return text;
  const head = first ? '' : text.slice(0, context);
  const tail = last ? '' : text.slice(-context);
  return `${head} … ${tail}`;
}

/**
 * Word diff of two versions: added words in <ins>, removed in <del>, each with a hidden "added"/
 * "removed" so screen readers announce the change, not only sighted users. With `context`,
 * long unchanged stretches are shortened around the changes.
 */
export function DiffView({
  before,
  after,
  label,
  context,
}: {
  before: string;
  after: string;
  label: string;
  context?: number;
}) {
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
    <section
      className={styles.diff}
      aria-label={label}
      aria-busy={parts === null}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
      tabIndex={0}
      data-testid="history-diff"
    >
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
            {parts.map((part, i) =>
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
                <span key={part.key}>
                  {context === undefined ? part.text : shortened(part.text, context, i === 0, i === parts.length - 1)}
                </span>
              ),
            )}
          </div>
        </>
      )}
    </section>
  );
}
