import { useState } from 'react';
import { useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import AchievementToaster from './features/achievements/AchievementToaster';
import ProgressModal from './features/progress-modal/ProgressModal';
import styles from './App.module.css';

/**
 * The progress remote's standalone page, for the feature team: the two exposed components with
 * a few dev controls that write to the same shared stats store the workspace writes to.
 */
export default function App() {
  const [open, setOpen] = useState(false);
  const level = useStatsStore((s) => s.level);
  const xp = useStatsStore((s) => s.xp);
  const streak = useStatsStore((s) => s.streak);
  const totalPrompts = useStatsStore((s) => s.totalPrompts);
  const recordRun = useStatsStore((s) => s.recordRun);
  const resetStats = useStatsStore((s) => s.resetStats);
  const [lastRun, setLastRun] = useState('');

  const record = (score: number) => {
    const { xpGained, newBadges } = recordRun(score);
    const badges = newBadges.length ? `, new: ${newBadges.map((b) => b.name).join(', ')}` : '';
    setLastRun(`Recorded a run with score ${score}: +${xpGained} XP${badges}.`);
  };

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Progress remote</h1>
        <p className={styles.lead}>
          Standalone page of <code>mfe-progress</code>. It exposes <code>./ProgressModal</code> and{' '}
          <code>./AchievementToaster</code>; stats are kept in this browser&apos;s storage.
        </p>
      </header>

      <dl className={styles.stats} aria-label="Current stats">
        <div>
          <dt>Level</dt>
          <dd>{level}</dd>
        </div>
        <div>
          <dt>XP</dt>
          <dd>{xp}</dd>
        </div>
        <div>
          <dt>Streak</dt>
          <dd>
            {streak} {streak === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Prompts</dt>
          <dd>{totalPrompts}</dd>
        </div>
      </dl>

      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => setOpen(true)} data-progress-trigger>
          Stats
        </button>
        <button type="button" className={styles.secondary} onClick={() => record(75)}>
          Record a sample run
        </button>
        <button type="button" className={styles.secondary} onClick={() => record(95)}>
          Record a great run (score 95)
        </button>
        <button type="button" className={styles.secondary} onClick={() => { resetStats(); setLastRun('Progress reset.'); }}>
          Reset progress
        </button>
      </div>
      <p className={styles.lastRun} role="status" aria-live="polite">
        {lastRun}
      </p>

      <ProgressModal open={open} onOpenChange={setOpen} />
      <AchievementToaster />
    </main>
  );
}
