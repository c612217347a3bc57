import { lazy, Suspense, useState } from 'react';
import { useSpaceKey } from '../../state/space';
import { SideSheet, WIDE_SHEET } from '../../ui/SideSheet';
import { SpaceBadge } from '../../ui/SpaceBadge';
import styles from './Prompts.module.css';

// The panel's code loads the first time it is opened.
const PromptsBody = lazy(() => import('./PromptsBody'));

/**
 * "Prompts" beside the output: the named prompts of the chosen space, their versions and labels.
 * The body remounts when the space changes: its requests are cancelled and its data goes with it.
 */
export function PromptsPanel() {
  const [open, setOpen] = useState(false);
  const space = useSpaceKey();
  return (
    <SideSheet
      title="Named prompts"
      opener={{ label: 'Prompts' }}
      open={open}
      onOpenChange={setOpen}
      width={WIDE_SHEET}
    >
      <SpaceBadge />
      <Suspense
        fallback={
          <p className={styles.muted} role="status">
            Loading prompts…
          </p>
        }
      >
        <PromptsBody key={space} onRestored={() => setOpen(false)} />
      </Suspense>
    </SideSheet>
  );
}
