import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { AuthLoading } from './AuthLoading';

/** /sign-in and /sign-up: signed-in users go home; otherwise the adapter's centred form. */
export function AuthRoute({ Page }: { Page: ComponentType }) {
  const status = useAuthStore((state) => state.status);
  if (status === 'loading') return <AuthLoading />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <Page />;
}
