import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useState } from 'react';
import { CloseIcon } from '../../ui/icons';
import ui from '../../ui/ui.module.css';
import sheet from '../../ui/sheet.module.css';
import history from '../../ui/versions.module.css';

// The panel's code loads the first time it is opened.
const PromptsBody = lazy(() => import('./PromptsBody'));

/** "Prompts" beside the output: the named prompts of the account, their versions and labels. */
export function PromptsPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={`${ui.button} ${ui.small}`}>
          Prompts
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={sheet.overlay} />
        <Dialog.Content className={`${sheet.sheet} ${history.wideSheet}`} aria-describedby={undefined}>
          <div className={sheet.sheetHead}>
            <Dialog.Title className={sheet.title}>Named prompts</Dialog.Title>
            <Dialog.Close className={ui.ghost} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Suspense
            fallback={
              <p className={history.muted} role="status">
                Loading prompts…
              </p>
            }
          >
            <PromptsBody onRestored={() => setOpen(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
