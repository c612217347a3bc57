import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useState } from 'react';
import { CloseIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import sheet from '../../ui/sheet.module.css';
import styles from './Prove.module.css';

// The panel's code loads the first time it is opened, so the workspace's first load does not grow.
const ProveBody = lazy(() => import('./ProveBody'));

/** "Prove" beside the output: test sets, evaluation by a judge model, and optimization with hard limits. */
export function ProvePanel() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={`${ui.button} ${ui.small}`}>
          Prove
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={sheet.overlay} />
        <Dialog.Content className={`${sheet.sheet} ${styles.wide}`} aria-describedby="ws-prove-intro">
          <div className={sheet.sheetHead}>
            <Dialog.Title className={sheet.title}>Prove this prompt</Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <p id="ws-prove-intro" className={styles.muted}>
            Score the prompt on test cases with a judge model, then let the optimizer try edits within the limits you set.
          </p>
          <Suspense
            fallback={
              <p className={styles.muted} role="status">
                Loading…
              </p>
            }
          >
            <ProveBody onUsed={() => setOpen(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
