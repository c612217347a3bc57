import { Link } from 'react-router-dom';
import styles from './orgs.module.css';

/** The way back from an organization's page to the workspace (which shows the chosen space). */
export function BackLink() {
  return (
    <Link to="/" className={styles.backLink}>
      <span aria-hidden="true">←</span> Back to the workspace
    </Link>
  );
}
