import { useSyncExternalStore } from 'react';
import { type SpaceState, spaceStore } from './spaceStore';

/** The chosen space and the person's organizations, for components (one shared store instance). */
export function useSpace(): SpaceState {
  return useSyncExternalStore(spaceStore.subscribe, spaceStore.getState, spaceStore.getState);
}
