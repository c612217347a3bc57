import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { RemoteExposes, RemoteName } from '@prompt-perfect/core/contracts/remotes';
import { loadExposed, loadedExposed, type ExposedProps } from './loadExposed';
import { resetRemote } from './registerAppRemotes';

export type RemoteLoad<P> =
  | { state: 'loading' }
  | { state: 'ready'; Component: ComponentType<P> }
  | { state: 'failed'; error: Error };

/** Loads a remote component and offers a retry that starts again from the remote's manifest. */
export function useRemoteComponent<R extends RemoteName, M extends keyof RemoteExposes[R] & string>(
  remote: R,
  module: M,
) {
  const [attempt, setAttempt] = useState(0);
  // A component loaded before the first render (the prerendered page's remote) renders at once.
  const [load, setLoad] = useState<RemoteLoad<ExposedProps<R, M>>>(() => {
    const Component = loadedExposed(remote, module);
    return Component ? { state: 'ready', Component } : { state: 'loading' };
  });

  useEffect(() => {
    const cached = attempt === 0 ? loadedExposed(remote, module) : undefined;
    if (cached) {
      // Keeps the very state of the first render: hydrated markup must not flash a spinner.
      setLoad((previous) =>
        previous.state === 'ready' && previous.Component === cached ? previous : { state: 'ready', Component: cached },
      );
      return;
    }
    let current = true;
    setLoad({ state: 'loading' });
    loadExposed(remote, module).then(
      (Component) => current && setLoad({ state: 'ready', Component }),
      (error: unknown) =>
        current && setLoad({ state: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [remote, module, attempt]);

  const retry = useCallback(() => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);

  return { load, retry, attempt };
}
