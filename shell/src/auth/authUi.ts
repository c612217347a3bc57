import type { ComponentType, ReactNode } from 'react';
import type { AuthRuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';

/** What an identity adapter gives the shell: a provider that fills the shared auth store, and its screens. */
export interface AuthProviderProps {
  config: AuthRuntimeConfig;
  children: ReactNode;
}

export interface AuthUi {
  Provider: ComponentType<AuthProviderProps>;
  SignInPage: ComponentType;
  SignUpPage: ComponentType;
  /** Content of the header's Sign In modal. */
  SignInDialogBody: ComponentType<{ onSignedIn: () => void }>;
  /** The header's space switcher for a signed-in person; it keeps the shared space store up to date. */
  SpaceSwitcher: ComponentType;
}

/** Clerk's code is only downloaded when Clerk is configured; the local identity is tiny. */
export async function loadAuthUi(config: AuthRuntimeConfig): Promise<AuthUi> {
  if (config.mode === 'clerk') {
    if (!config.publishableKey) throw new Error('Missing Clerk publishable key.');
    const { clerkAuthUi } = await import('./clerk/clerkAuthUi');
    return clerkAuthUi;
  }
  // In the start-up chunk (it is tiny): a request of its own cost a round trip on a phone network.
  const { localAuthUi } = await import(/* webpackMode: "eager" */ './local/localAuthUi');
  return localAuthUi;
}
