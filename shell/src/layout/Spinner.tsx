import styles from './Spinner.module.css';

/** The shell's one loading indicator; decorative, so the surrounding text carries the meaning. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
}
