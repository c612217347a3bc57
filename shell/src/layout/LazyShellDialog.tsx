import { lazy, Suspense, useState, type ComponentProps } from 'react';

const importShellDialog = () => import('./ShellDialog');
const ShellDialog = lazy(() => importShellDialog().then((module) => ({ default: module.ShellDialog })));

/** Start fetching the dialog code before it is needed (on hover or focus of what opens it). */
export const preloadShellDialog = (): void => void importShellDialog();

/**
 * The shell's dialogs open only on request, so their code (Radix Dialog, focus trap, scroll
 * lock) stays out of the visitor's first load and is fetched the first time one opens.
 */
export function LazyShellDialog(props: ComponentProps<typeof ShellDialog>) {
  const [requested, setRequested] = useState(props.open);
  if (props.open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ShellDialog {...props} />
    </Suspense>
  );
}
