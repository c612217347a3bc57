import ui from '../../ui/ui.module.css';
import CompareGrid from './CompareGrid';
import { MAX_COLUMNS } from './types';
import styles from './Compare.module.css';

/** "Compare": the prompt's versions on up to four models, side by side, on the main screen. */
export function CompareSection() {
  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="ws-compare-title" id="ws-compare">
      <div>
        <h2 id="ws-compare-title" className={ui.cardTitle} tabIndex={-1}>
          Compare
        </h2>
        <p className={ui.hint}>
          Your original and optimized prompt, or any version from History, on up to {MAX_COLUMNS} models at once.
        </p>
      </div>
      <CompareGrid />
    </section>
  );
}
