import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import type { AuthActions, AuthSnapshot } from '@prompt-perfect/core/auth/types';

export type AuthStoreState = AuthSnapshot & AuthActions;

const store = createStore<AuthStoreState>()(() => ({
  status: 'loading',
  mode: 'local',
  user: null,
  slow: false,
  unavailable: false,
  getToken: async () => null,
  signOut: async () => {},
}));

/**
 * Written only by the shell's auth adapter; read by every remote (and the API client) through
 * the one shared store instance.
 *
 * Unlike zustand's own hook, hydrating a server-rendered page reads the CURRENT state, not the
 * initial one: the shell fills the store from the session written into the page before it
 * hydrates, so the first render matches the prerendered visitor page instead of 'loading'.
 */
export const useAuthStore = Object.assign(
  function useAuthStore<T>(selector: (state: AuthStoreState) => T): T {
    const read = () => selector(store.getState());
    return useSyncExternalStore(store.subscribe, read, read);
  },
  { getState: store.getState, setState: store.setState, subscribe: store.subscribe },
);
