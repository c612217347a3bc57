import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect } from 'react';
import type { WorkspaceAppProps } from '@prompt-perfect/core/contracts/remotes';
import { ImportOffer } from './features/account';
import { SyncStatus } from './features/account';
import { Composer } from './features/composer';
import { ContinueBuilding } from './features/continue-building';
import { OutputPane } from './features/output';
import { SidePanel } from './features/side-panel';
import { RunOptions } from './features/run-options';
import { TestPanel } from './features/test-prompt';
import { ClearUndoToast } from './features/clear-undo';
import { CompareSection } from './features/compare';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { keepDraft } from './state/draft';
import { useProvidersStore } from './state/providersStore';
import { useWorkspaceStore } from './state/workspaceStore';
import styles from './App.module.css';

/**
 * The signed-in workspace (exposed as './WorkspaceApp'): options sidebar on the left, composer,
 * output and test panel in the centre, and the favorites/settings/help rail on the right.
 */
export default function WorkspaceApp({ onOpenProgress }: WorkspaceAppProps) {
  // The draft is this account's: restored on open and saved as it changes. Declared first so that
  // on unmount its cleanup (stop saving) runs before the reset below empties the state.
  const userId = useAuthStore((s) => s.user?.id);
  useEffect(() => (userId ? keepDraft(userId) : undefined), [userId]);
  useEffect(() => {
    void useProvidersStore.getState().load();
    // Leaving the workspace (e.g. sign-out) cancels runs in flight (a late answer writes nothing
    // and records no stats) and drops the in-memory session state, so the next user does not see
    // the previous prompt. Favorites, progress and settings belong to the account (shared/account).
    return () => useWorkspaceStore.getState().reset();
  }, []);
  return (
    <Tooltip.Provider delayDuration={250}>
      <div className={styles.workspace}>
        <a href="#ws-prompt" className={styles.skip}>
          Skip to your prompt
        </a>
        <h1 className="visually-hidden">Prompt Perfect workspace</h1>
        <RunOptions />
        <div className={styles.centre}>
          <ImportOffer />
          {/* Input, then output: side by side on wide screens, so the result streams in view. */}
          <div className={styles.loop}>
            <Composer />
            <OutputPane continueBuilding={<ContinueBuilding />} />
          </div>
          <TestPanel />
          <CompareSection />
        </div>
        <SidePanel onOpenProgress={onOpenProgress} />
        <SyncStatus />
        <ClearUndoToast />
      </div>
    </Tooltip.Provider>
  );
}
