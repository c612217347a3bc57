import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { MSG } from '@prompt-perfect/core/messages';
import { Spinner } from '../layout/Spinner';
import styles from './routes.module.css';

export function AuthLoading() {
  const slow = useAuthStore((state) => state.slow);
  return (
    <main id="main" className={styles.loading}>
      <div className={styles.loadingStatus} role="status">
        <Spinner size="large" />
        <p className={styles.loadingText}>{MSG.loadingAuthentication}</p>
        {slow && <p className={styles.slowText}>The sign-in service is taking longer than usual. Still trying…</p>}
      </div>
    </main>
  );
}
