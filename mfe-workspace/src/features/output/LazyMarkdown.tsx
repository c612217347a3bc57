import { lazy, Suspense, useEffect } from 'react';
import styles from './Output.module.css';

const loadMarkdown = () => import('./Markdown');

/** The answer as plain text: while the formatter loads, and for good if it cannot be loaded. */
function PlainText({ text }: { text: string }) {
  return <div className={styles.plainText}>{text}</div>;
}

// The markdown formatter is the workspace's largest library and no answer exists at first load:
// it is fetched when the browser is idle after the page is usable, not before.
const Markdown = lazy(() =>
  loadMarkdown().then(
    (module) => ({ default: module.Markdown }),
    () => ({ default: PlainText }),
  ),
);

/** Starts fetching the formatter once the page has nothing better to do. */
export function usePrefetchMarkdown(): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadMarkdown().catch(() => undefined));
    return () => cancel(handle);
  }, []);
}

export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Markdown text={text} />
    </Suspense>
  );
}
