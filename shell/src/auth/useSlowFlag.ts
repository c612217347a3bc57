import { useEffect } from 'react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';

/** Spec: the identity client counts as slow after 3 s of loading. */
const AUTH_SLOW_AFTER_MS = 3_000;

/** Marks auth as slow in the shared store when it is still loading after 3 s. */
export function useSlowFlag(): void {
  const loading = useAuthStore((state) => state.status === 'loading');
  useEffect(() => {
    if (!loading) {
      useAuthStore.setState({ slow: false });
      return;
    }
    const timer = setTimeout(() => useAuthStore.setState({ slow: true }), AUTH_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
}
