import type { Attributes, ReactNode } from 'react';
import { REMOTES, type RemoteExposes, type RemoteName } from '@prompt-perfect/core/contracts/remotes';
import type { ExposedProps } from './loadExposed';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { useRemoteComponent } from './useRemoteComponent';
import { Spinner } from '../layout/Spinner';
import styles from './RemoteSlot.module.css';

interface RemoteSlotProps<R extends RemoteName, M extends keyof RemoteExposes[R] & string> {
  remote: R;
  module: M;
  props: ExposedProps<R, M>;
  /** What to show while loading; defaults to a quiet skeleton. */
  loading?: ReactNode;
  /** Replaces the default fallback (e.g. to render nothing for a toaster). */
  renderFailure?: (error: Error, retry: () => void) => ReactNode;
}

/** One federated remote in its own failure domain: bounded loading, fallback with Retry. */
export function RemoteSlot<R extends RemoteName, M extends keyof RemoteExposes[R] & string>({
  remote,
  module,
  props,
  loading,
  renderFailure,
}: RemoteSlotProps<R, M>) {
  const { load, retry, attempt } = useRemoteComponent(remote, module);
  const label = REMOTES[remote].label;
  const failure = (error: Error) =>
    renderFailure ? renderFailure(error, retry) : <RemoteUnavailable label={label} onRetry={retry} />;

  if (load.state === 'loading') {
    return (
      loading ?? (
        <div className={styles.loading} role="status" aria-live="polite" data-remote={remote}>
          <Spinner />
          <span>Loading {label.toLowerCase()}…</span>
        </div>
      )
    );
  }
  if (load.state === 'failed') return <>{failure(load.error)}</>;
  const { Component } = load;
  return (
    <ErrorBoundary
      key={attempt}
      label={`remote ${remote}`}
      fallback={(error) => failure(error instanceof Error ? error : new Error(String(error)))}
    >
      <div data-remote={remote} className={styles.slot}>
        <Component {...(props as ExposedProps<R, M> & Attributes)} />
      </div>
    </ErrorBoundary>
  );
}
