import { useNavigate } from 'react-router-dom';
import type { AuthUi } from '../authUi';
import { CentredPage } from '../../layout/CentredPage';
import { LocalAuthProvider } from './LocalAuthProvider';
import { LocalSpaceSwitcher } from '../../orgs/LocalSpaceSwitcher';
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

export const localAuthUi: AuthUi = {
  Provider: LocalAuthProvider,
  SignInPage: LocalSignInPage,
  SignUpPage: LocalSignUpPage,
  SignInDialogBody: ({ onSignedIn }) => (
    <LocalSignInForm heading="Sign in to Prompt Perfect" submitLabel="Sign in" onSignedIn={onSignedIn} />
  ),
  SpaceSwitcher: LocalSpaceSwitcher,
};
