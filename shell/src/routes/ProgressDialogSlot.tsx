import { RemoteSlot } from '../federation/RemoteSlot';
import { AfterDelay } from '../layout/AfterDelay';
import { LazyShellDialog } from '../layout/LazyShellDialog';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Your Progress modal lives in mfe-progress; if it cannot load, say so in a small dialog. */
export function ProgressDialogSlot({ open, onOpenChange }: Props) {
  return (
    <RemoteSlot
      remote="progress"
      module="ProgressModal"
      props={{ open, onOpenChange }}
      loading={
        <AfterDelay ms={300}>
          <LazyShellDialog open={open} onOpenChange={onOpenChange} title="Your Progress">
            <p role="status">Loading your progress…</p>
          </LazyShellDialog>
        </AfterDelay>
      }
      renderFailure={(_error, retry) => (
        <LazyShellDialog open={open} onOpenChange={onOpenChange} title="Your Progress">
          <p>Progress is unavailable right now. Your stats are still recorded and shown in the header.</p>
          <button type="button" onClick={retry}>
            Retry
          </button>
        </LazyShellDialog>
      )}
    />
  );
}
