import { useCallback, useEffect, useRef } from 'react';
import { useWorkspaceStore } from '../../state/workspaceStore';
import ui from '../../ui/ui.module.css';
import styles from './ClearUndoToast.module.css';

/** How long Undo is offered after Clear. */
const UNDO_MS = 10_000;

const focusPromptBox = () => document.getElementById('ws-prompt')?.focus();

/**
 * "Cleared" (or what a template replaced) with an Undo button for 10 s after Clear. Focus moves to Undo so the keyboard reaches
 * it at once; the time stops while the toast has focus or the pointer, Escape dismisses it.
 */
export function ClearUndoToast() {
  const cleared = useWorkspaceStore((s) => s.clearedWork);
  const note = useWorkspaceStore((s) => s.clearedNote);
  const undoClear = useWorkspaceStore((s) => s.undoClear);
  const forget = useWorkspaceStore((s) => s.forgetCleared);
  const undoRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const pauseTimer = useCallback(() => clearTimeout(timer.current), []);
  const startTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(forget, UNDO_MS);
  }, [forget]);

  // Each Clear starts a fresh 10 s and brings the keyboard to Undo.
  useEffect(() => {
    if (!cleared) return;
    startTimer();
    undoRef.current?.focus();
    return pauseTimer;
  }, [cleared, startTimer, pauseTimer]);

  if (!cleared) return null;
  const close = (then: () => void) => {
    pauseTimer();
    then();
    focusPromptBox();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pauses the timer; the controls inside are buttons.
    <div
      className={styles.toast}
      data-testid="clear-undo-toast"
      onFocus={pauseTimer}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && startTimer()}
      onMouseEnter={pauseTimer}
      onMouseLeave={startTimer}
      onKeyDown={(e) => e.key === 'Escape' && close(forget)}
    >
      <p role="status" className={styles.text}>
        {note ?? 'Prompt, options and tests cleared.'}
      </p>
      <button ref={undoRef} type="button" className={`${ui.primary} ${ui.small}`} onClick={() => close(undoClear)}>
        Undo
      </button>
      <button type="button" className={`${ui.ghost} ${ui.small}`} onClick={() => close(forget)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
