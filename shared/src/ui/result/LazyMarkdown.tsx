import { lazy, Suspense, useEffect } from 'react';
import styles from './ResultView.module.css';

const loadMarkdown = () => import('./Markdown');

/** The answer as plain text: while the formatter loads, and for good if it cannot be loaded. */
function PlainText({ text }: { text: string }) {
  return <div className={styles.plainText}>{text}</div>;
}

// The markdown formatter is the workspace's largest library and no answer exists at first load:
// it is fetched once the user starts writing a prompt (a run takes seconds), not with the page,
// where it would share a phone's bandwidth with what start-up needs.
const Markdown = lazy(() =>
  loadMarkdown().then(
    (module) => ({ default: module.Markdown }),
    () => ({ default: PlainText }),
  ),
);

/** Starts fetching the formatter once `wanted` turns true (the prompt box has text). */
export function usePrefetchMarkdown(wanted: boolean): void {
  useEffect(() => {
    if (wanted) void loadMarkdown().catch(() => undefined);
  }, [wanted]);
}

export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Markdown text={text} />
    </Suspense>
  );
}
