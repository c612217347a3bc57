import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { StartupError } from '../StartupError';
import { Spinner } from '../layout/Spinner';
import { AuthLoading } from './AuthLoading';
import styles from './routes.module.css';

// Each page is its own chunk, fetched when visited: the visitor's first load does not carry them.
const MembersPage = lazy(() => import('../orgs/MembersPage'));
const AuditPage = lazy(() => import('../orgs/AuditPage'));
const InvitePage = lazy(() => import('../orgs/InvitePage'));
const SharedPage = lazy(() => import('../orgs/SharedPage'));

function PageLoading() {
  return (
    <main id="main" className={styles.loading}>
      <div className={styles.loadingStatus} role="status">
        <Spinner size="large" />
        <p className={styles.loadingText}>Loading…</p>
      </div>
    </main>
  );
}

function LazyPage({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary label="page" fallback={(error) => <StartupError error={error} title="This page could not load" />}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

function SignedInPage({ Page }: { Page: ComponentType }) {
  const status = useAuthStore((state) => state.status);
  if (status === 'loading') return <AuthLoading />;
  if (status !== 'signed-in') return <Navigate to="/sign-in" replace />;
  return (
    <LazyPage>
      <Page />
    </LazyPage>
  );
}

export const MembersRoute = () => <SignedInPage Page={MembersPage} />;
export const AuditRoute = () => <SignedInPage Page={AuditPage} />;
export const InviteRoute = ({ onSignIn }: { onSignIn: () => void }) => (
  <LazyPage>
    <InvitePage onSignIn={onSignIn} />
  </LazyPage>
);
export const SharedRoute = () => (
  <LazyPage>
    <SharedPage />
  </LazyPage>
);
