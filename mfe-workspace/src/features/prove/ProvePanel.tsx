import { lazy, Suspense, useState } from 'react';
import { useSpaceKey } from '../../state/space';
import { SideSheet } from '../../ui/SideSheet';
import { SpaceBadge } from '../../ui/SpaceBadge';
import styles from './Prove.module.css';

// The panel's code loads the first time it is opened, so the workspace's first load does not grow.
const ProveBody = lazy(() => import('./ProveBody'));

/** "Prove" beside the output: test sets, evaluation by a judge model, and optimization with hard limits. */
export function ProvePanel() {
  const [open, setOpen] = useState(false);
  const space = useSpaceKey();
  return (
    <SideSheet
      title="Prove this prompt"
      opener={{ label: 'Prove' }}
      open={open}
      onOpenChange={setOpen}
      width="52rem"
      describedBy="ws-prove-intro"
      className={styles.sheet}
    >
      <SpaceBadge />
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
        <ProveBody key={space} onUsed={() => setOpen(false)} />
      </Suspense>
    </SideSheet>
  );
}
