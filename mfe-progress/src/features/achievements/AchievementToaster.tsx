import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { ACHIEVEMENT_TOAST_GAP_MS, ACHIEVEMENT_TOAST_MS } from './toastTiming';
import { CloseIcon, MedalIcon } from '../../ui/icons';
import dialog from '@prompt-perfect/shared/styles/dialog.module.css';
import styles from './AchievementToaster.module.css';

/**
 * Shows the shared store's achievement queue one toast at a time: the head stays up for
 * ACHIEVEMENT_TOAST_MS (or until closed), then it is shifted off and, after a short gap, the next
 * one appears. Nothing is dropped: the queue only shrinks by one per toast shown.
 *
 * The live region is always mounted (empty when idle) so screen readers announce each new toast.
 * While the pointer or focus is on the toast its clock stops (WCAG 2.2.1), then resumes with
 * the time it had left.
 */
export default function AchievementToaster() {
  const head = useStatsStore((s) => s.achievementQueue[0]);
  const shiftAchievement = useStatsStore((s) => s.shiftAchievement);
  const [gap, setGap] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remainingMs = useRef(ACHIEVEMENT_TOAST_MS);
  const headKey = head ? `${head.id}:${head.earnedAt}` : null;

  const timedKey = useRef<string | null>(null);
  const dismissWhenDue = useEffectEvent(() => dismiss());

  // Auto-hide the toast on screen; pausing keeps what is left of its time for later, and each new
  // toast starts with the full time.
  useEffect(() => {
    if (!headKey || gap || paused) return;
    if (timedKey.current !== headKey) {
      timedKey.current = headKey;
      remainingMs.current = ACHIEVEMENT_TOAST_MS;
    }
    const startedAt = Date.now();
    const timer = window.setTimeout(dismissWhenDue, remainingMs.current);
    return () => {
      window.clearTimeout(timer);
      remainingMs.current = Math.max(0, remainingMs.current - (Date.now() - startedAt));
    };
  }, [headKey, gap, paused]);

  useEffect(() => {
    if (!gap) return;
    const timer = window.setTimeout(() => setGap(false), ACHIEVEMENT_TOAST_GAP_MS);
    return () => window.clearTimeout(timer);
  }, [gap]);

  function dismiss() {
    shiftAchievement();
    setGap(true);
    setFocused(false);
    setHovered(false);
  }

  const current = gap ? undefined : head;

  return (
    <div className={styles.viewport} data-testid="achievement-toaster">
      <section
        aria-label="Achievement"
        className={current ? styles.toast : styles.idle}
        data-achievement={current?.id}
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
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
          <button
            type="button"
            className={`${dialog.iconButton} ${styles.close}`}
            onClick={dismiss}
            aria-label="Close achievement"
          >
            <CloseIcon />
          </button>
        )}
      </section>
    </div>
  );
}
