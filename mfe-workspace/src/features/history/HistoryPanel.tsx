import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useState } from 'react';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { CloseIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import sheet from '../../ui/sheet.module.css';
import styles from '../../ui/versions.module.css';

// The panel's code (and the account's history) loads the first time it is opened.
const HistoryBody = lazy(() => import('./HistoryBody'));

/** "History" beside the output: the versions of this prompt, a diff of any two, and earlier prompts. */
export function HistoryPanel() {
  const [open, setOpen] = useState(false);
  const currentId = useWorkspaceStore((s) => s.outputHistoryId);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={`${ui.button} ${ui.small}`}>
          History
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={sheet.overlay} />
        <Dialog.Content className={`${sheet.sheet} ${styles.wideSheet}`} aria-describedby={undefined}>
          <div className={sheet.sheetHead}>
            <Dialog.Title className={sheet.title}>Prompt history</Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Suspense
            fallback={
              <p className={styles.muted} role="status">
                Loading history…
              </p>
            }
          >
            <HistoryBody currentId={currentId} onRestored={() => setOpen(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
