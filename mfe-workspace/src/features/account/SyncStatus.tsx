import { useAccountSyncStore } from '@prompt-perfect/shared/account/accountSync';
import ui from '../../ui/ui.module.css';
import styles from './Account.module.css';

const SAVING = 'Saving…';
const NOT_SAVED_RETRYING = 'Not saved — retrying';
const SHOWING_SAVED_COPY = 'Showing the copy saved in this browser; your account could not be reached. Retrying…';

/**
 * Where the account's changes stand: nothing when all is saved; "Saving…" while sending; "Not
 * saved — retrying" while the server is away (changes are kept and sent later); or why the
 * server refused one.
 */
export function SyncStatus() {
  const outbox = useAccountSyncStore((s) => s.outbox);
  const refused = useAccountSyncStore((s) => s.refused);
  const loadError = useAccountSyncStore((s) => s.loadError);
  const dismiss = () => useAccountSyncStore.setState({ refused: null });

  let text: string | null = null;
  let tone = '';
  if (refused) {
    text = refused;
    tone = styles.refused;
  } else if (outbox === 'retrying') {
    text = NOT_SAVED_RETRYING;
    tone = styles.retrying;
  } else if (loadError) {
    text = SHOWING_SAVED_COPY;
    tone = styles.retrying;
  } else if (outbox === 'saving') {
    text = SAVING;
  }

  return (
    <div role="status" aria-live="polite" className={`${styles.status} ${text ? tone : ''}`} data-testid="sync-status">
      {text && <span>{text}</span>}
      {refused && (
        <button type="button" className={`${ui.button} ${ui.ghost} ${ui.small}`} onClick={dismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
