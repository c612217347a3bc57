import { useEffect } from 'react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { SpaceSwitcher } from '../header/SpaceSwitcher';
import { refreshOrgs } from './refreshOrgs';

/** The local identity's switcher: the organizations come from our own server. */
export function LocalSpaceSwitcher() {
  const userId = useAuthStore((state) => state.user?.id);
  useEffect(() => {
    if (!userId) return;
    const abort = new AbortController();
    void refreshOrgs(userId, abort.signal);
    return () => abort.abort();
  }, [userId]);
  return <SpaceSwitcher />;
}
