import styles from './RemoteSlot.module.css';

interface Props {
  label: string;
  onRetry: () => void;
}

/** The fallback for a remote that is down, hangs or crashes: the rest of the page keeps working. */
export function RemoteUnavailable({ label, onRetry }: Props) {
  return (
    <section className={styles.unavailable} role="alert" aria-label={`${label} unavailable`}>
      <h2 className={styles.unavailableTitle}>{label} is unavailable right now</h2>
      <p className={styles.unavailableText}>
        This part of Prompt Perfect could not be loaded. The rest of the page still works.
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
