import type { ComponentType, ReactNode } from 'react';
import type { AuthRuntimeConfig } from '@prompt-perfect/shared/contracts/runtimeConfig';

/** What an identity adapter gives the shell: a provider that fills the shared auth store, and its screens. */
export interface AuthUi {
  Provider: ComponentType<{ children: ReactNode }>;
  SignInPage: ComponentType;
  SignUpPage: ComponentType;
  /** Content of the header's Sign In modal. */
  SignInDialogBody: ComponentType<{ onSignedIn: () => void }>;
}

/** Clerk's code is only downloaded when Clerk is configured; the local identity is tiny. */
export async function loadAuthUi(config: AuthRuntimeConfig): Promise<AuthUi> {
  if (config.mode === 'clerk') {
    const { createClerkAuthUi } = await import('./clerk/clerkAuthUi');
    return createClerkAuthUi(config.publishableKey);
  }
  const { localAuthUi } = await import('./local/localAuthUi');
  return localAuthUi;
}
