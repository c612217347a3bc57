import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import styles from './routes.module.css';

export function AuthLoading() {
  const slow = useAuthStore((state) => state.slow);
  return (
    <main id="main" className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.loadingText}>Loading authentication...</p>
      {slow && <p className={styles.slowText}>The sign-in service is taking longer than usual. Still trying…</p>}
    </main>
  );
}
