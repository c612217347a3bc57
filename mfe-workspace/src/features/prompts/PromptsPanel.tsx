import { lazy, Suspense, useState } from 'react';
import { SideSheet, WIDE_SHEET } from '../../ui/SideSheet';
import styles from './Prompts.module.css';

// The panel's code loads the first time it is opened.
const PromptsBody = lazy(() => import('./PromptsBody'));

/** "Prompts" beside the output: the named prompts of the account, their versions and labels. */
export function PromptsPanel() {
  const [open, setOpen] = useState(false);
  return (
    <SideSheet
      title="Named prompts"
      opener={{ label: 'Prompts' }}
      open={open}
      onOpenChange={setOpen}
      width={WIDE_SHEET}
    >
      <Suspense
        fallback={
          <p className={styles.muted} role="status">
            Loading prompts…
          </p>
        }
      >
        <PromptsBody onRestored={() => setOpen(false)} />
      </Suspense>
    </SideSheet>
  );
}
