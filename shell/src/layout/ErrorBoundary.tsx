import type { ReactNode } from 'react';
import { ErrorBoundary as LibraryErrorBoundary } from 'react-error-boundary';

interface Props {
  /** Renders the failure; give the boundary a new `key` to try its children again. */
  fallback: (error: unknown) => ReactNode;
  /** Where the failure happened, for the console. */
  label: string;
  children: ReactNode;
}

/** Keeps a failure (a remote that throws, a chunk that will not load) inside its own part of the page. */
export function ErrorBoundary({ fallback, label, children }: Props) {
  return (
    <LibraryErrorBoundary
      fallbackRender={({ error }) => fallback(error)}
      onError={(error, info) => console.error(`[${label}] failed while rendering`, error, info.componentStack)}
    >
      {children}
    </LibraryErrorBoundary>
  );
}
