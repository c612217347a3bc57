/**
 * The local development identity's session in the shared auth store: filled from the server's
 * answer to /api/auth/session or a sign-in, emptied by signing out. Used by the shell and by the
 * workspace's standalone page, so both sign in and out the same way.
 */
import { signOutSession } from '../api/client';
import type { SessionResponse } from '@prompt-perfect/core/api/types';
// By package path: the one auth store of the page, not a bundled copy.
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';

export function applyLocalSession(session: SessionResponse): void {
  useAuthStore.setState({
    mode: 'local',
    status: session.user ? 'signed-in' : 'signed-out',
    user: session.user,
    unavailable: false,
  });
}

export async function signOutLocal(): Promise<void> {
  applyLocalSession(await signOutSession());
}
