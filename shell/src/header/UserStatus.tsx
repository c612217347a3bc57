import { type ReactNode, useState } from 'react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import styles from './Header.module.css';

export function UserStatus({
  onOpenProgress,
  spaceSwitcher,
}: {
  onOpenProgress: () => void;
  spaceSwitcher: ReactNode;
}) {
  const user = useAuthStore((state) => state.user);
  const signOut = useAuthStore((state) => state.signOut);
  const [signOutFailed, setSignOutFailed] = useState(false);
  const handleSignOut = () => {
    setSignOutFailed(false);
    signOut().catch(() => setSignOutFailed(true));
  };
  const level = useStatsStore((state) => state.level);
  const xp = useStatsStore((state) => state.xp);
  const streak = useStatsStore((state) => state.streak);

  return (
    <div className={styles.status}>
      {spaceSwitcher}
      <dl className={styles.stats} aria-label="Your progress summary">
        <div className={styles.stat}>
          <dt>Level</dt>
          <dd data-testid="header-level">{level}</dd>
        </div>
        <div className={styles.stat}>
          <dt>XP</dt>
          <dd data-testid="header-xp">{xp}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Streak</dt>
          <dd data-testid="header-streak">
            {streak} {streak === 1 ? 'day' : 'days'}
          </dd>
        </div>
      </dl>
      <button type="button" className={styles.secondaryButton} onClick={onOpenProgress} data-progress-trigger>
        Stats
      </button>
      <div className={styles.user}>
        <span className={styles.userName} title={user?.email}>
          {user?.name}
        </span>
        {user?.source === 'local' && <span className={styles.localTag}>Local identity</span>}
      </div>
      <button type="button" className={styles.linkButton} onClick={handleSignOut}>
        Sign out
      </button>
      {signOutFailed && (
        <span className={styles.notice} role="alert">
          Sign-out failed. Check your connection and try again.
        </span>
      )}
    </div>
  );
}
