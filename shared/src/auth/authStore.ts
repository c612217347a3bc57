import { create } from 'zustand';
import type { AuthActions, AuthSnapshot } from '@prompt-perfect/core/auth/types';

export type AuthStoreState = AuthSnapshot & AuthActions;

/**
 * Written only by the shell's auth adapter; read by every remote (and the API client) through
 * the one shared store instance.
 */
export const useAuthStore = create<AuthStoreState>()(() => ({
  status: 'loading',
  mode: 'local',
  user: null,
  slow: false,
  unavailable: false,
  getToken: async () => null,
  signOut: async () => {},
}));
