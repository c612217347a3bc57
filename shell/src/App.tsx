import { useEffect, useState } from 'react';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { clearSpace } from '@prompt-perfect/shared/orgs/chosenSpace';
import { BrowserRouter, Navigate, Route, Routes, StaticRouter } from 'react-router-dom';
import type { AuthRuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import type { AuthUi } from './auth/authUi';
import { useSlowFlag } from './auth/useSlowFlag';
import { Header } from './header/Header';
import { NewReleaseNotice } from './federation/NewReleaseNotice';
import { ErrorBoundary } from './layout/ErrorBoundary';
import { LazyShellDialog } from './layout/LazyShellDialog';
import { AuthRoute } from './routes/AuthRoute';
import { HomeRoute } from './routes/HomeRoute';
import { AuditRoute, InviteRoute, MembersRoute, SharedRoute } from './routes/OrgPages';
import { ProgressDialogSlot } from './routes/ProgressDialogSlot';
import { StartupError } from './StartupError';

function Shell({ authUi }: { authUi: AuthUi }) {
  const [signInOpen, setSignInOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const [progressRequested, setProgressRequested] = useState(false);
  const signedIn = useAuthStore((state) => state.status === 'signed-in');
  const signedOut = useAuthStore((state) => state.status === 'signed-out');
  useSlowFlag();
  useEffect(() => {
    if (signedOut) clearSpace();
  }, [signedOut]);
  // Whichever identity signed the user in (local form, Clerk's hosted modal), the modal is done.
  useEffect(() => {
    if (signedIn) setSignInOpen(false);
  }, [signedIn]);

  const openProgress = () => {
    setProgressRequested(true);
    setProgressOpen(true);
  };

  return (
    <>
      <Header onSignIn={() => setSignInOpen(true)} onOpenProgress={openProgress} SpaceSwitcher={authUi.SpaceSwitcher} />
      <Routes>
        <Route path="/" element={<HomeRoute onOpenProgress={openProgress} />} />
        <Route path="/sign-in/*" element={<AuthRoute Page={authUi.SignInPage} />} />
        <Route path="/sign-up/*" element={<AuthRoute Page={authUi.SignUpPage} />} />
        <Route path="/orgs/:slug/members" element={<MembersRoute />} />
        <Route path="/orgs/:slug/audit" element={<AuditRoute />} />
        <Route path="/invite/:token" element={<InviteRoute onSignIn={() => setSignInOpen(true)} />} />
        <Route path="/s/:token" element={<SharedRoute />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
      <LazyShellDialog open={signInOpen} onOpenChange={setSignInOpen} title="Sign in" hideTitle>
        <authUi.SignInDialogBody onSignedIn={() => setSignInOpen(false)} />
      </LazyShellDialog>
      {/* The progress remote is fetched the first time the modal is asked for. */}
      {progressRequested && <ProgressDialogSlot open={progressOpen} onOpenChange={setProgressOpen} />}
      <NewReleaseNotice />
    </>
  );
}

interface AppProps {
  authUi: AuthUi;
  authConfig: AuthRuntimeConfig;
  /** Set when rendering on the server (the build's prerender): the path being rendered. */
  serverPath?: string;
}

export function App({ authUi, authConfig, serverPath }: AppProps) {
  const shell = (
    <authUi.Provider config={authConfig}>
      <Shell authUi={authUi} />
    </authUi.Provider>
  );
  return (
    <ErrorBoundary label="shell" fallback={(error) => <StartupError error={error} title="Something went wrong" />}>
      {serverPath === undefined ? (
        <BrowserRouter>{shell}</BrowserRouter>
      ) : (
        <StaticRouter location={serverPath}>{shell}</StaticRouter>
      )}
    </ErrorBoundary>
  );
}
