import { useEffect, type ReactNode } from 'react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { applyLocalSession, signOutLocal } from '@prompt-perfect/shared/identity/localSession';
import { takeSession } from './earlySession';

/** The local development identity: a session cookie issued by proxy-server, no third party. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // A hydrated page was served with its session, already applied before hydration: asking
    // again would flash 'loading' over the page the visitor may be typing into.
    const known = useAuthStore.getState().mode === 'local' && useAuthStore.getState().status !== 'loading';
    useAuthStore.setState({
      mode: 'local',
      getToken: async () => null,
      signOut: signOutLocal,
      ...(known ? {} : { status: 'loading' as const }),
    });
    if (known) return;
    let current = true;
    takeSession().then(
      (session) => current && applyLocalSession(session),
      () => current && useAuthStore.setState({ status: 'signed-out', user: null, unavailable: true }),
    );
    return () => {
      current = false;
    };
  }, []);
  return <>{children}</>;
}
