import { useEffect, type ReactNode } from 'react';
import { signOutSession } from '@prompt-perfect/shared/api/client';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import type { SessionResponse } from '@prompt-perfect/shared/api/types';
import { takeSession } from './earlySession';

export function applySession(session: SessionResponse): void {
  useAuthStore.setState({
    mode: 'local',
    status: session.user ? 'signed-in' : 'signed-out',
    user: session.user,
    unavailable: false,
  });
}

async function signOut(): Promise<void> {
  const session = await signOutSession();
  applySession(session);
}

/** The local development identity: a session cookie issued by proxy-server, no third party. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    useAuthStore.setState({ mode: 'local', status: 'loading', getToken: async () => null, signOut });
    let current = true;
    takeSession().then(
      (session) => current && applySession(session),
      () => current && useAuthStore.setState({ status: 'signed-out', user: null, unavailable: true }),
    );
    return () => {
      current = false;
    };
  }, []);
  return <>{children}</>;
}
