import { useEffect, useState } from 'react';
import { fetchSession } from '@prompt-perfect/shared/api/client';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { LocalSignInForm } from '@prompt-perfect/shared/identity/LocalSignInForm';
import { applyLocalSession, signOutLocal } from '@prompt-perfect/shared/identity/localSession';
import WorkspaceApp from '../App';
import ui from '../ui/ui.module.css';
import styles from './StandalonePage.module.css';

/**
 * The remote on its own, for its feature team (`npm run dev -w mfe-workspace` with the proxy on
 * port 3002): it reads the session and, when signed out, offers the local identity's sign-in.
 */
export function StandalonePage() {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const mode = useAuthStore((s) => s.mode);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    useAuthStore.setState({ signOut: signOutLocal });
    fetchSession()
      .then((session) => {
        if (session.mode === 'clerk') useAuthStore.setState({ mode: 'clerk', status: 'signed-out' });
        else applyLocalSession(session);
      })
      .catch((e: unknown) => {
        useAuthStore.setState({ status: 'signed-out' });
        setError(messageOf(e));
      });
  }, []);

  if (status === 'loading') {
    return (
      <p className={styles.centre} role="status">
        Loading authentication...
      </p>
    );
  }
  if (status === 'signed-out') return <SignIn mode={mode} initialError={error} />;
  return (
    <>
      <header className={styles.bar}>
        <strong>Prompt Perfect workspace</strong>
        <span className={styles.tag}>Standalone</span>
        <span className={styles.spacer} />
        <span>{user?.name}</span>
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          onClick={() => void useAuthStore.getState().signOut()}
        >
          Sign out
        </button>
      </header>
      <main>
        <WorkspaceApp />
      </main>
    </>
  );
}

/** Signed out: the local identity's form, or a pointer to the shell where Clerk signs people in. */
function SignIn({ mode, initialError }: { mode: string; initialError: string | null }) {
  return (
    <main className={styles.centre}>
      {initialError && (
        <p role="alert" className={ui.error}>
          {initialError}
        </p>
      )}
      {mode === 'clerk' ? (
        <p className={ui.hint}>This server uses Clerk: sign in through the shell.</p>
      ) : (
        <LocalSignInForm heading="Sign in to the workspace" submitLabel="Sign in" onSignedIn={() => undefined} />
      )}
    </main>
  );
}
