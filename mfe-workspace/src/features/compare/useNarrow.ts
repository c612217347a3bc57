import { useSyncExternalStore } from 'react';

/** Phone widths, where the columns become tabs (the same break as the workspace's other side-by-side parts). */
const NARROW = '(max-width: 599px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(NARROW);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

export const useNarrow = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(NARROW).matches ?? false,
    () => false,
  );
