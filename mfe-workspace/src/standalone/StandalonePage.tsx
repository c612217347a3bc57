import { useEffect, useState, type FormEvent } from 'react';
import { fetchSession, signInLocal, signOutSession } from '@prompt-perfect/shared/api/client';
import type { SessionResponse } from '@prompt-perfect/shared/api/types';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import WorkspaceApp from '../App';
import ui from '../ui/ui.module.css';
import styles from './StandalonePage.module.css';

/** Mirrors the session into the shared auth store, as the shell's auth adapter would. */
function applySession(session: SessionResponse) {
  useAuthStore.setState({
    mode: session.mode,
    user: session.user,
    status: session.user ? 'signed-in' : 'signed-out',
    signOut: async () => {
      await signOutSession();
      useAuthStore.setState({ status: 'signed-out', user: null });
    },
  });
}

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
    fetchSession()
      .then(applySession)
      .catch((e: unknown) => {
        useAuthStore.setState({ status: 'signed-out' });
        setError(e instanceof Error ? e.message : String(e));
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
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => void useAuthStore.getState().signOut()}>
          Sign out
        </button>
      </header>
      <main>
        <WorkspaceApp />
      </main>
    </>
  );
}

function SignIn({ mode, initialError }: { mode: string; initialError: string | null }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      applySession(await signInLocal({ name: name.trim(), email: email.trim() }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.centre}>
      <form className={`${ui.card} ${styles.form}`} onSubmit={submit} aria-labelledby="ws-standalone-title">
        <h1 id="ws-standalone-title" className={styles.title}>
          Sign in to the workspace
        </h1>
        <p className={ui.hint}>
          Standalone page of the workspace remote. {mode === 'clerk' ? 'This server uses Clerk: sign in through the shell.' : 'Signs in with the local identity.'}
        </p>
        <div>
          <label htmlFor="ws-standalone-name" className={ui.label}>
            Name
          </label>
          <input id="ws-standalone-name" className={ui.input} value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
        </div>
        <div>
          <label htmlFor="ws-standalone-email" className={ui.label}>
            E-mail
          </label>
          <input id="ws-standalone-email" type="email" className={ui.input} value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
        </div>
        {error && (
          <p role="alert" className={ui.error}>
            {error}
          </p>
        )}
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
