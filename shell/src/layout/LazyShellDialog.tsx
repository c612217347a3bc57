import { lazy, Suspense, useMemo, useState, type ComponentProps } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import styles from './LazyShellDialog.module.css';

const importShellDialog = () => import('./ShellDialog');
type ShellDialogProps = ComponentProps<Awaited<ReturnType<typeof importShellDialog>>['ShellDialog']>;

/** Start fetching the dialog code before it is needed (on hover or focus of what opens it). */
export const preloadShellDialog = (): void => {
  // A failed preload is not an error yet: opening the dialog tries again and reports it.
  importShellDialog().catch(() => {});
};

/**
 * The shell's dialogs open only on request, so their code (Radix Dialog, focus trap, scroll
 * lock) stays out of the visitor's first load and is fetched the first time one opens. If that
 * fetch fails, the user is told and can try again; the rest of the shell is untouched.
 */
export function LazyShellDialog(props: ShellDialogProps) {
  const [requested, setRequested] = useState(props.open);
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React caches a failed lazy import for good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: Retry bumps `attempt` for a fresh lazy import.
  const ShellDialog = useMemo(
    () => lazy(() => importShellDialog().then((module) => ({ default: module.ShellDialog }))),
    [attempt],
  );
  if (props.open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <ErrorBoundary
      key={attempt}
      label="dialog"
      fallback={() =>
        props.open ? (
          <div className={styles.loadFailure} role="alert">
            This window could not be loaded. Check your connection.
            <button type="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
            <button type="button" onClick={() => props.onOpenChange(false)}>
              Close
            </button>
          </div>
        ) : null
      }
    >
      <Suspense fallback={null}>
        <ShellDialog {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
