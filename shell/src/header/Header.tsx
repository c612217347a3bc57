import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { Logo } from './Logo';
import { UserStatus } from './UserStatus';
import { VisitorStatus } from './VisitorStatus';
import styles from './Header.module.css';

interface Props {
  onSignIn: () => void;
  onOpenProgress: () => void;
  /** The identity's space switcher (ours, or Clerk's OrganizationSwitcher). */
  SpaceSwitcher: ComponentType;
}

export function Header({ onSignIn, onOpenProgress, SpaceSwitcher }: Props) {
  const status = useAuthStore((state) => state.status);
  return (
    <header className={styles.header}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <div className={styles.brand}>
        <Link to="/" className={styles.homeLink}>
          <Logo />
          <span className={styles.title}>Prompt Perfect</span>
        </Link>
        <span className={styles.tagline}>Turn rough ideas into precise prompts</span>
      </div>
      {status === 'signed-in' && <UserStatus onOpenProgress={onOpenProgress} spaceSwitcher={<SpaceSwitcher />} />}
      {status === 'signed-out' && <VisitorStatus onSignIn={onSignIn} />}
    </header>
  );
}
