import type { ReactNode } from 'react';
import { ClerkProvider, SignIn, SignUp } from '@clerk/clerk-react';
import { useNavigate } from 'react-router-dom';
import type { AuthUi } from '../authUi';
import { CentredPage } from '../../layout/CentredPage';
import { ClerkAuthSync } from './ClerkAuthSync';

/** Production identity: Clerk's hosted components, routed inside our router. */
export function createClerkAuthUi(publishableKey: string): AuthUi {
  if (!publishableKey) throw new Error('Missing Clerk publishable key.');

  function Provider({ children }: { children: ReactNode }) {
    const navigate = useNavigate();
    return (
      <ClerkProvider
        publishableKey={publishableKey}
        routerPush={(to) => navigate(to)}
        routerReplace={(to) => navigate(to, { replace: true })}
        signInUrl="/sign-in"
        signUpUrl="/sign-up"
        signInFallbackRedirectUrl="/"
        signUpFallbackRedirectUrl="/"
        afterSignOutUrl="/"
      >
        <ClerkAuthSync />
        {children}
      </ClerkProvider>
    );
  }

  return {
    Provider,
    SignInPage: () => (
      <CentredPage>
        <SignIn routing="path" path="/sign-in" signUpUrl="/sign-up" fallbackRedirectUrl="/" />
      </CentredPage>
    ),
    SignUpPage: () => (
      <CentredPage>
        <SignUp routing="path" path="/sign-up" signInUrl="/sign-in" fallbackRedirectUrl="/" />
      </CentredPage>
    ),
    SignInDialogBody: () => <SignIn routing="hash" signUpUrl="/sign-up" fallbackRedirectUrl="/" />,
  };
}
