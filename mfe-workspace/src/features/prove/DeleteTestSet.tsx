import { useEffect, useRef, useState } from 'react';
import ui from '../../ui/ui.module.css';
import styles from './Prove.module.css';
import { useProveStore } from './proveStore';
import { deleteOpenTestSet } from './testSetActions';

/** Delete, asked once more in place (like Delete my data): a deleted set cannot be brought back. */
export function DeleteTestSet() {
  const setId = useProveStore((s) => s.setId);
  const name = useProveStore((s) => s.name);
  const busy = useProveStore((s) => s.editorBusy);
  const [confirming, setConfirming] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  // The safe choice takes focus when the question opens.
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);
  if (setId === null) return null;
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.danger}`}
        onClick={() => setConfirming(true)}
        disabled={busy !== null}
        aria-expanded={confirming}
        aria-controls="ws-prove-delete-confirm"
      >
        {busy === 'deleting' ? 'Deleting…' : 'Delete test set'}
      </button>
      {confirming && (
        <div
          id="ws-prove-delete-confirm"
          className={`${ui.confirmBox} ${styles.grow}`}
          role="alertdialog"
          aria-labelledby="ws-prove-delete-title"
        >
          <strong id="ws-prove-delete-title">Delete “{name.trim() || 'this test set'}” and its cases for good?</strong>
          <div className={styles.row}>
            <button
              type="button"
              className={`${ui.button} ${ui.small} ${ui.danger}`}
              onClick={() => {
                setConfirming(false);
                void deleteOpenTestSet();
              }}
            >
              Delete
            </button>
            <button
              ref={keepButton}
              type="button"
              className={`${ui.button} ${ui.small}`}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
    </>
  );
}
