import { useEffect } from 'react';
import { useAuth, useClerk, useUser } from '@clerk/clerk-react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import type { AuthStatus } from '@prompt-perfect/core/auth/types';

/**
 * Mirrors Clerk's state into the shared auth store. Clerk's client goes loading -> ready |
 * degraded | error; a failed client leaves visitors signed out with sign-in marked unavailable.
 */
export function ClerkAuthSync() {
  const clerk = useClerk();
  const { isLoaded, isSignedIn, getToken, signOut } = useAuth();
  const { user } = useUser();
  const clerkStatus = clerk.status;

  useEffect(() => {
    const unavailable = clerkStatus === 'error';
    let status: AuthStatus = 'loading';
    if (unavailable) status = 'signed-out';
    else if (isLoaded) status = isSignedIn ? 'signed-in' : 'signed-out';

    useAuthStore.setState({
      mode: 'clerk',
      status,
      unavailable,
      user:
        status === 'signed-in' && user
          ? {
              id: user.id,
              name: user.fullName ?? user.username ?? user.primaryEmailAddress?.emailAddress ?? 'Signed-in user',
              email: user.primaryEmailAddress?.emailAddress ?? '',
              source: 'clerk',
            }
          : null,
      getToken: () => getToken(),
      signOut: () => signOut(),
    });
  }, [clerkStatus, isLoaded, isSignedIn, user, getToken, signOut]);

  return null;
}
