import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthUi } from '../authUi';
import { CentredPage } from '../../layout/CentredPage';
import { LocalAuthProvider } from './LocalAuthProvider';
import { LocalSignInForm } from '@prompt-perfect/shared/identity/LocalSignInForm';

function LocalSignInPage() {
  const navigate = useNavigate();
  return (
    <CentredPage>
      <LocalSignInForm heading="Sign in" submitLabel="Sign in" onSignedIn={() => navigate('/', { replace: true })} />
    </CentredPage>
  );
}

function LocalSignUpPage() {
  const navigate = useNavigate();
  return (
    <CentredPage>
      <LocalSignInForm
        heading="Create your account"
        submitLabel="Sign up"
        onSignedIn={() => navigate('/', { replace: true })}
      />
    </CentredPage>
  );
}

// Only a signed-in person sees it: its code stays out of the visitor's start-up chunks.
const LocalSpaceSwitcher = lazy(() =>
  import('../../orgs/LocalSpaceSwitcher').then((module) => ({ default: module.LocalSpaceSwitcher })),
);

export const localAuthUi: AuthUi = {
  Provider: LocalAuthProvider,
  SignInPage: LocalSignInPage,
  SignUpPage: LocalSignUpPage,
  SignInDialogBody: ({ onSignedIn }) => (
    <LocalSignInForm heading="Sign in to Prompt Perfect" submitLabel="Sign in" onSignedIn={onSignedIn} />
  ),
  SpaceSwitcher: LocalSpaceSwitcher,
};
