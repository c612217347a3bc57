import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteExposes, type RemoteName } from '@prompt-perfect/core/contracts/remotes';

export type ExposedProps<R extends RemoteName, M extends keyof RemoteExposes[R]> = RemoteExposes[R][M];

/** Loads one exposed component of a remote, typed by the contract in shared. */
export async function loadExposed<R extends RemoteName, M extends keyof RemoteExposes[R] & string>(
  remote: R,
  module: M,
): Promise<ComponentType<ExposedProps<R, M>>> {
  const loaded = await loadRemote<{ default: ComponentType<ExposedProps<R, M>> }>(`${REMOTES[remote].container}/${module}`);
  if (!loaded?.default) throw new Error(`${REMOTES[remote].label} did not provide ${module}.`);
  return loaded.default;
}
