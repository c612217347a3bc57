import styles from './Prove.module.css';

/** A progress bar with its count in words (`text`), for eyes and for screen readers alike. */
export function ProgressBar({
  done,
  total,
  label,
  text,
}: {
  done: number;
  total: number;
  label: string;
  text: string;
}) {
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  return (
    <div className={styles.section}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(done, total)}
        aria-valuetext={text}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.muted}>{text}</p>
    </div>
  );
}
