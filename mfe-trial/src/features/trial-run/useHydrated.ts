import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a server-rendered page (and on the server), true otherwise: lets the
 * first render match the prerendered HTML, then switch to what only a script can do.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
