import { lazy, Suspense, useState } from 'react';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { useSpaceKey } from '../../state/space';
import { SideSheet, WIDE_SHEET } from '../../ui/SideSheet';
import { SpaceBadge } from '../../ui/SpaceBadge';
import styles from '../../ui/versions.module.css';

// The panel's code (and the account's history) loads the first time it is opened.
const HistoryBody = lazy(() => import('./HistoryBody'));

/** "History" beside the output: the versions of this prompt, a diff of any two, and earlier prompts. */
export function HistoryPanel() {
  const [open, setOpen] = useState(false);
  const space = useSpaceKey();
  const currentId = useWorkspaceStore((s) => s.outputHistoryId);

  return (
    <SideSheet
      title="Prompt history"
      opener={{ label: 'History' }}
      open={open}
      onOpenChange={setOpen}
      width={WIDE_SHEET}
    >
      <SpaceBadge />
      <Suspense
        fallback={
          <p className={styles.muted} role="status">
            Loading history…
          </p>
        }
      >
        <HistoryBody key={space} currentId={currentId} onRestored={() => setOpen(false)} />
      </Suspense>
    </SideSheet>
  );
}
