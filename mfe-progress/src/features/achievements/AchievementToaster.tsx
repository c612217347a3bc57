import { useEffect, useState } from 'react';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { ACHIEVEMENT_TOAST_GAP_MS, ACHIEVEMENT_TOAST_MS } from './toastTiming';
import { CloseIcon, MedalIcon } from '../../ui/icons';
import styles from './AchievementToaster.module.css';

/**
 * Shows the shared store's achievement queue one toast at a time: the head stays up for
 * ACHIEVEMENT_TOAST_MS (or until closed), then it is shifted off and, after a short gap, the next
 * one appears. Nothing is dropped: the queue only shrinks by one per toast shown.
 *
 * The live region is always mounted (empty when idle) so screen readers announce each new toast.
 */
export default function AchievementToaster() {
  const head = useStatsStore((s) => s.achievementQueue[0]);
  const shiftAchievement = useStatsStore((s) => s.shiftAchievement);
  const [gap, setGap] = useState(false);
  const headKey = head ? `${head.id}:${head.earnedAt}` : null;

  // Auto-hide the toast on screen; a new head (after close or time-out) starts a fresh timer.
  useEffect(() => {
    if (!headKey || gap) return;
    const timer = window.setTimeout(() => dismiss(), ACHIEVEMENT_TOAST_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [headKey, gap]);

  useEffect(() => {
    if (!gap) return;
    const timer = window.setTimeout(() => setGap(false), ACHIEVEMENT_TOAST_GAP_MS);
    return () => window.clearTimeout(timer);
  }, [gap]);

  function dismiss() {
    shiftAchievement();
    setGap(true);
  }

  const current = gap ? undefined : head;

  return (
    <div className={styles.viewport} data-testid="achievement-toaster">
      <div className={current ? styles.toast : styles.idle} data-achievement={current?.id}>
        <div role="status" aria-live="polite" aria-atomic="true" className={styles.message}>
          {current && (
            <>
              <MedalIcon className={styles.icon} />
              <span className={styles.text}>
                <span className={styles.kicker}>Achievement unlocked: </span>
                <span className={styles.name}>{current.name}</span>
                <span className={styles.description}>{current.description}</span>
              </span>
            </>
          )}
        </div>
        {current && (
          <button type="button" className={styles.close} onClick={dismiss} aria-label="Close achievement">
            <CloseIcon />
          </button>
        )}
      </div>
    </div>
  );
}
