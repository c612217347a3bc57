import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteExposes, type RemoteName } from '@prompt-perfect/core/contracts/remotes';
import { activeRelease, fallBack } from './registerAppRemotes';

export type ExposedProps<R extends RemoteName, M extends keyof RemoteExposes[R]> = RemoteExposes[R][M];

/** Components already loaded, by "container/module": a slot renders them in its first render (hydration needs that). */
const loaded = new Map<string, ComponentType<never>>();
const keyOf = (remote: RemoteName, module: string) => `${REMOTES[remote].container}/${module}`;

async function loadOnce<R extends RemoteName, M extends keyof RemoteExposes[R] & string>(remote: R, module: M) {
  const result = await loadRemote<{ default: ComponentType<ExposedProps<R, M>> }>(keyOf(remote, module));
  if (!result?.default) throw new Error(`${REMOTES[remote].label} did not provide ${module}.`);
  loaded.set(keyOf(remote, module), result.default as ComponentType<never>);
  return result.default;
}

/**
 * Loads one exposed component of a remote, typed by the contract in shared. A release that fails to
 * load gives way to the remote's last good release (registerAppRemotes.fallBack) and is tried no more.
 */
export async function loadExposed<R extends RemoteName, M extends keyof RemoteExposes[R] & string>(
  remote: R,
  module: M,
): Promise<ComponentType<ExposedProps<R, M>>> {
  const tried = activeRelease(remote);
  try {
    return await loadOnce(remote, module);
  } catch (error) {
    if (!fallBack(remote, tried, error)) throw error;
    return loadOnce(remote, module);
  }
}

/** The component if it has been loaded (or provided) already. */
export function loadedExposed<R extends RemoteName, M extends keyof RemoteExposes[R] & string>(
  remote: R,
  module: M,
): ComponentType<ExposedProps<R, M>> | undefined {
  return loaded.get(keyOf(remote, module)) as ComponentType<ExposedProps<R, M>> | undefined;
}

/** The prerender hands the remote's server build of a component over directly (no federation runtime at build time). */
export function provideExposed<R extends RemoteName, M extends keyof RemoteExposes[R] & string>(
  remote: R,
  module: M,
  component: ComponentType<ExposedProps<R, M>>,
): void {
  loaded.set(keyOf(remote, module), component as ComponentType<never>);
}
