import { useState } from 'react';
import styles from './NewReleaseNotice.module.css';
import { useNewerRelease } from './useNewerRelease';

/** An open page is told of a new release and reloads when the user chooses: nothing swaps under them. */
export function NewReleaseNotice() {
  const newer = useNewerRelease();
  const [dismissed, setDismissed] = useState(false);
  if (!newer || dismissed) return null;
  return (
    <div className={styles.notice} role="status" aria-label="New version">
      <span>A new version is available.</span>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        Reload
      </button>
      <button type="button" className={styles.later} onClick={() => setDismissed(true)}>
        Later
      </button>
    </div>
  );
}
