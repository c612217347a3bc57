import { Spinner } from '../layout/Spinner';
import styles from './orgs.module.css';

export function Loading({ text }: { text: string }) {
  return (
    <p className={styles.loading} role="status">
      <Spinner /> {text}
    </p>
  );
}
