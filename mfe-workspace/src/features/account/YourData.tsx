import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { useEffect, useRef, useState } from 'react';
import { deleteMyData, exportMyData } from '@prompt-perfect/shared/account/accountActions';
import ui from '../../ui/ui.module.css';
import styles from './Account.module.css';

/** Settings tab: download everything the account holds, or delete it (confirmed, then sign out). */
export function YourData() {
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  // The safe choice (Cancel) takes focus when the confirmation opens.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const exportNow = async () => {
    setBusy('export');
    setNote('');
    try {
      setNote(`Downloaded ${await exportMyData()}.`);
    } catch (error) {
      setNote(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const deleteNow = async () => {
    setBusy('delete');
    setNote('');
    try {
      await deleteMyData();
    } catch (error) {
      setNote(messageOf(error));
      setBusy(null);
    }
  };

  const cancel = () => {
    setConfirming(false);
    deleteButton.current?.focus();
  };

  return (
    <fieldset className={styles.dataActions}>
      <legend className={ui.label}>Your data</legend>
      <p className={ui.hint}>
        Favorites, progress, settings, run history and test sets are kept in your account on the server.
      </p>
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        onClick={() => void exportNow()}
        disabled={busy !== null}
      >
        {busy === 'export' ? 'Preparing…' : 'Export my data'}
      </button>
      <button
        ref={deleteButton}
        type="button"
        className={`${ui.button} ${ui.small} ${ui.danger}`}
        onClick={() => setConfirming(true)}
        disabled={busy !== null}
        aria-expanded={confirming}
        aria-controls="ws-delete-confirm"
      >
        Delete my data
      </button>
      {confirming && (
        <div
          id="ws-delete-confirm"
          className={ui.confirmBox}
          role="alertdialog"
          aria-labelledby="ws-delete-title"
          aria-describedby="ws-delete-text"
        >
          <strong id="ws-delete-title">Delete all your data?</strong>
          <p id="ws-delete-text">
            This removes your favorites, progress, settings, run history, test sets and API tokens from the server for
            good, then signs you out.
          </p>
          <div className={styles.dataActions}>
            <button
              type="button"
              className={`${ui.button} ${ui.small} ${ui.danger}`}
              onClick={() => void deleteNow()}
              disabled={busy !== null}
            >
              {busy === 'delete' ? 'Deleting…' : 'Delete everything'}
            </button>
            <button
              ref={cancelButton}
              type="button"
              className={`${ui.button} ${ui.small}`}
              onClick={cancel}
              disabled={busy !== null}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      <p className={ui.hint} role="status" aria-live="polite">
        {note}
      </p>
    </fieldset>
  );
}
