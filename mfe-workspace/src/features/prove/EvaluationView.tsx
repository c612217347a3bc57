import type { TestCase } from '@prompt-perfect/core/api/prove';
import ui from '../../ui/ui.module.css';
import { CaseResults } from './CaseResults';
import { ProgressBar } from './ProgressBar';
import styles from './Prove.module.css';
import type { EvaluationRun } from './proveStore';
import { summaryText, tokensText } from './scoreText';

/** One evaluation: progress while it runs, then the mean with its interval; the cases as they arrive. */
export function EvaluationView({
  run,
  title,
  cases,
  stale,
}: {
  run: EvaluationRun;
  title: string;
  cases: TestCase[];
  stale?: boolean;
}) {
  return (
    <section className={styles.section} aria-label={title} aria-busy={run.status === 'running'}>
      <h3 className={styles.heading}>{title}</h3>
      {run.status === 'running' && (
        <ProgressBar
          done={run.done}
          total={run.total}
          label={`${title}: progress`}
          text={`${run.done} of ${run.total} cases judged`}
        />
      )}
      {run.summary && (
        <p className={styles.summary}>
          {summaryText(run.summary)}
          {run.tokens !== null && <span className={styles.muted}> · {tokensText(run.tokens)}</span>}
        </p>
      )}
      {stale && run.status !== 'running' && (
        <p className={styles.muted}>The prompt has changed since: evaluate again to score the current version.</p>
      )}
      {run.error && (
        <p className={run.status === 'stopped' ? styles.muted : ui.error} role="alert">
          {run.status === 'stopped'
            ? `Stopped after ${run.results.length} of ${run.total} cases.`
            : `Evaluation failed: ${run.error}`}
        </p>
      )}
      <CaseResults results={run.results} cases={cases} label={`${title}: scores by case`} />
    </section>
  );
}
