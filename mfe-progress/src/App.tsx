import { useState } from 'react';
import { recordRun as progressAfterRun } from '@prompt-perfect/core/progress/recordRun';
import { pickStats, useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { AchievementToaster } from './features/achievements';
import { ProgressModal } from './features/progress-modal';
import styles from './App.module.css';

/**
 * The progress remote's standalone page, for the feature team: the two exposed components with
 * a few dev controls. In the product the server decides progress; here a preview applies the same
 * rules in memory only, so the components can be seen without a server. Nothing is saved.
 */
export default function App() {
  const [open, setOpen] = useState(false);
  const level = useStatsStore((s) => s.level);
  const xp = useStatsStore((s) => s.xp);
  const streak = useStatsStore((s) => s.streak);
  const totalPrompts = useStatsStore((s) => s.totalPrompts);
  const applyProgress = useStatsStore((s) => s.applyProgress);
  const resetStats = useStatsStore((s) => s.resetStats);
  const [lastRun, setLastRun] = useState('');

  const record = (score: number) => {
    const update = progressAfterRun(pickStats(useStatsStore.getState()), score, Date.now());
    applyProgress(update);
    const { xpGained, newBadges } = update;
    const badges = newBadges.length ? `, new: ${newBadges.map((b) => b.name).join(', ')}` : '';
    setLastRun(`Previewed a run with score ${score}: +${xpGained} XP${badges}.`);
  };

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Progress remote</h1>
        <p className={styles.lead}>
          Standalone page of <code>mfe-progress</code>. It exposes <code>./ProgressModal</code> and{' '}
          <code>./AchievementToaster</code>; the sample runs below are previews in memory (the server decides real
          progress).
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
          Preview a sample run
        </button>
        <button type="button" className={styles.secondary} onClick={() => record(95)}>
          Preview a great run (score 95)
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            resetStats();
            setLastRun('Progress reset.');
          }}
        >
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
