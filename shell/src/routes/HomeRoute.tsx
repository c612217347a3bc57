import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { RemoteSlot } from '../federation/RemoteSlot';
import { AfterIdle } from '../layout/AfterIdle';
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
        {/* Toasts are a nicety: if progress is down the workspace still records stats. They load once the
            workspace is up (badges wait in the store's queue until then), not in its way. */}
        <AfterIdle>
          <RemoteSlot
            remote="progress"
            module="AchievementToaster"
            props={{}}
            loading={null}
            renderFailure={() => null}
          />
        </AfterIdle>
      </main>
    );
  }
  return (
    <main id="main" className={styles.main}>
      <RemoteSlot remote="trial" module="TrialApp" props={{ onRequestSignIn: () => navigate('/sign-in') }} />
    </main>
  );
}
