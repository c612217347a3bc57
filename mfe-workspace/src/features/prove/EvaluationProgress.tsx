import styles from './Prove.module.css';

/** A progress bar with its count in words, for eyes and for screen readers alike. */
export function EvaluationProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const text = `${done} of ${total} cases judged`;
  return (
    <div className={styles.section}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.muted}>{text}</p>
    </div>
  );
}
