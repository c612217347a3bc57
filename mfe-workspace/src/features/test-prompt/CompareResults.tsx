import { ResultView } from '@prompt-perfect/shared/ui/result/ResultView';
import { useWorkspaceStore, type ResultText } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './TestPanel.module.css';

function Answer({ title, result, busy }: { title: string; result: ResultText | null; busy: boolean }) {
  return (
    <section className={styles.output} aria-label={title} aria-busy={busy && (!result || Boolean(result.streaming))}>
      <h3 className={styles.sideTitle}>{title}</h3>
      {!result ? (
        <p className={styles.placeholder}>{busy ? 'Testing...' : 'No answer.'}</p>
      ) : (
        <>
          {result.error ? (
            <p className={`${ui.error} ${styles.text}`}>{result.text}</p>
          ) : (
            <ResultView text={result.text} model={result.model} streaming={Boolean(result.streaming)} label={title} />
          )}
          {result.interruption && (
            <p className={`${ui.error} ${styles.text}`} data-testid="compare-interruption">
              {result.interruption}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The two answers of Compare side by side (stacked on a phone), each with its own error. */
export function CompareResults() {
  const compare = useWorkspaceStore((s) => s.compare);
  const busy = useWorkspaceStore((s) => s.compareBusy);
  if (!compare) return null;
  return (
    <div className={styles.compare} aria-live="polite">
      <Answer title="Original prompt result" result={compare.original} busy={busy} />
      <Answer title="Optimized prompt result" result={compare.optimized} busy={busy} />
    </div>
  );
}
