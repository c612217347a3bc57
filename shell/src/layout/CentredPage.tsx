import type { ReactNode } from 'react';
import styles from './CentredPage.module.css';

export function CentredPage({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page} id="main">
      <div className={styles.card}>{children}</div>
    </main>
  );
}
