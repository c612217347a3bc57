import { useState } from 'react';
import logoUrl from './logo.svg';
import styles from './Header.module.css';

/** The logo image, or a letter tile when the image cannot load. */
export function Logo() {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={styles.logoTile} aria-hidden="true">
        P
      </span>
    );
  }
  return <img className={styles.logo} src={logoUrl} alt="" width={36} height={36} onError={() => setFailed(true)} />;
}
