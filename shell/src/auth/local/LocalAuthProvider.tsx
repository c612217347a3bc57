import { useEffect, type ReactNode } from 'react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { applyLocalSession, signOutLocal } from '@prompt-perfect/shared/identity/localSession';
import { takeSession } from './earlySession';

/** The local development identity: a session cookie issued by proxy-server, no third party. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    useAuthStore.setState({ mode: 'local', status: 'loading', getToken: async () => null, signOut: signOutLocal });
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
