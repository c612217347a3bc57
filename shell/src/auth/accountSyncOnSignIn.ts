import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';

/**
 * Visitors never download the account code (per-user cache, outbox, import): it loads and starts
 * the first time someone is signed in, and from then on follows every sign-in and sign-out.
 */
export function startAccountSyncOnSignIn(): void {
  let loading = false;
  const startWhenSignedIn = () => {
    if (loading || useAuthStore.getState().status !== 'signed-in') return;
    loading = true;
    import('@prompt-perfect/shared/account/accountSync')
      .then(({ startAccountSync }) => {
        unsubscribe();
        startAccountSync();
      })
      .catch((error: unknown) => {
        // Tried again at the next change of the session (e.g. after a reload of the remote).
        console.error(error);
        loading = false;
      });
  };
  const unsubscribe = useAuthStore.subscribe(startWhenSignedIn);
  startWhenSignedIn();
}
