import { ClerkProvider, SignIn, SignUp } from '@clerk/clerk-react';
import { useNavigate } from 'react-router-dom';
import type { AuthProviderProps, AuthUi } from '../authUi';
import { CentredPage } from '../../layout/CentredPage';
import { ClerkAuthSync } from './ClerkAuthSync';
import { ClerkSpaceSwitcher } from './ClerkSpaceSwitcher';

function ClerkIdentityProvider({ config, children }: AuthProviderProps) {
  const navigate = useNavigate();
  return (
    <ClerkProvider
      publishableKey={config.mode === 'clerk' ? config.publishableKey : ''}
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

function ClerkSignInPage() {
  return (
    <CentredPage>
      <SignIn routing="path" path="/sign-in" signUpUrl="/sign-up" fallbackRedirectUrl="/" />
    </CentredPage>
  );
}

function ClerkSignUpPage() {
  return (
    <CentredPage>
      <SignUp routing="path" path="/sign-up" signInUrl="/sign-in" fallbackRedirectUrl="/" />
    </CentredPage>
  );
}

function ClerkSignInDialogBody() {
  return <SignIn routing="hash" signUpUrl="/sign-up" fallbackRedirectUrl="/" />;
}

/** Production identity: Clerk's hosted components, routed inside our router. */
export const clerkAuthUi: AuthUi = {
  Provider: ClerkIdentityProvider,
  SignInPage: ClerkSignInPage,
  SignUpPage: ClerkSignUpPage,
  SignInDialogBody: ClerkSignInDialogBody,
  SpaceSwitcher: ClerkSpaceSwitcher,
};
