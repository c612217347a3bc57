import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { RemoteSlot } from '../federation/RemoteSlot';
import { AuthLoading } from './AuthLoading';
import styles from './routes.module.css';

export function HomeRoute({ onOpenProgress }: { onOpenProgress: () => void }) {
  const status = useAuthStore((state) => state.status);
  const navigate = useNavigate();

  if (status === 'loading') return <AuthLoading />;
  if (status === 'signed-in') {
    return (
      <main id="main" className={styles.main}>
        <RemoteSlot remote="workspace" module="WorkspaceApp" props={{ onOpenProgress }} />
        {/* Toasts are a nicety: if progress is down the workspace still records stats. */}
        <RemoteSlot remote="progress" module="AchievementToaster" props={{}} loading={null} renderFailure={() => null} />
      </main>
    );
  }
  return (
    <main id="main" className={styles.main}>
      <RemoteSlot remote="trial" module="TrialApp" props={{ onRequestSignIn: () => navigate('/sign-in') }} />
    </main>
  );
}
