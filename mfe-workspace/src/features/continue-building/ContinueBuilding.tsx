import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { MSG } from '@prompt-perfect/core/messages';
import { continueBuilding } from '../../state/actions';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { CloseIcon } from '../../ui/icons';
import { isRunShortcut } from '@prompt-perfect/shared/ui/runShortcut';
import dialog from '@prompt-perfect/shared/styles/dialog.module.css';
import { FailureDetails } from '../../ui/FailureLine';
import ui from '../../ui/ui.module.css';
import styles from './ContinueBuilding.module.css';

/** The Continue Building button and its modal: refine the current result with more requirements. */
export function ContinueBuilding() {
  const [open, setOpen] = useState(false);
  const hasResult = useWorkspaceStore((s) => Boolean(s.output && !s.output.error && s.output.text));
  const text = useWorkspaceStore((s) => s.continueText);
  const busy = useWorkspaceStore((s) => s.continueBusy);
  const error = useWorkspaceStore((s) => s.continueError);
  const details = useWorkspaceStore((s) => s.continueErrorDetails);
  const set = useWorkspaceStore((s) => s.set);
  const anyRunBusy = useWorkspaceStore((s) => s.busy || s.continueBusy);
  // Once the refinement starts arriving it streams into the output, where Stop is: close the dialog.
  const streamingIntoOutput = useWorkspaceStore((s) => s.continueBusy && Boolean(s.output?.streaming));
  useEffect(() => {
    if (streamingIntoOutput) setOpen(false);
  }, [streamingIntoOutput]);

  const submit = async () => {
    if (await continueBuilding()) setOpen(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        if (next) set({ continueError: null });
        setOpen(next);
      }}
    >
      <Dialog.Trigger className={`${ui.button} ${ui.small}`} disabled={!hasResult || anyRunBusy}>
        Continue Building
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={`${dialog.overlay} ${dialog.raised}`} />
        <Dialog.Content
          className={`${dialog.content} ${dialog.raised} ${styles.dialog}`}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            document.getElementById('ws-continue-text')?.focus();
          }}
        >
          <div className={dialog.head}>
            <Dialog.Title className={dialog.title}>Continue Building</Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close" disabled={busy}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className={ui.hint}>
            Describe what to add or change. The current optimized prompt is refined with it and replaced.
          </Dialog.Description>
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <label htmlFor="ws-continue-text" className={ui.label}>
              Additional requirements
            </label>
            <textarea
              id="ws-continue-text"
              className={ui.textarea}
              rows={5}
              value={text}
              aria-required="true"
              aria-invalid={error === MSG.enterAdditions}
              aria-describedby={error ? 'ws-continue-error' : undefined}
              placeholder="e.g. Add a section on pricing and keep it under 200 words."
              onChange={(e) => set({ continueText: e.target.value })}
              onKeyDown={(e) => {
                if (isRunShortcut(e)) {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
            <p id="ws-continue-error" role="alert" className={`${ui.error} ${styles.error}`}>
              {error}
            </p>
            {error && <FailureDetails details={details ?? undefined} />}
            <div className={styles.buttons}>
              <Dialog.Close className={ui.button} disabled={busy} type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className={ui.primary} disabled={busy} aria-busy={busy}>
                {busy ? MSG.enhancing : 'Enhance Prompt'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
