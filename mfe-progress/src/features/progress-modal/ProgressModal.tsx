import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as Progress from '@radix-ui/react-progress';
import type { ProgressModalProps } from '@prompt-perfect/core/contracts/remotes';
import { BADGES, type EarnedBadge } from '@prompt-perfect/core/progress/badges';
import { levelProgress } from '@prompt-perfect/core/progress/levels';
import { recentAchievements, useStatsStore } from '@prompt-perfect/shared/stores/statsStore';
import { useShallow } from 'zustand/react/shallow';
import { CloseIcon, LockIcon, MedalIcon } from '../../ui/icons';
import dialog from '@prompt-perfect/shared/styles/dialog.module.css';
import styles from './ProgressModal.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Stored stats from before dates were kept (or repaired ones) have no real date: show none. */
const hasEarnedDate = (earnedAt: number) => Number.isFinite(earnedAt) && earnedAt > 0;

function formatEarned(earnedAt: number): string {
  return dateFormat.format(earnedAt);
}

function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** The Your Progress dialog: level, XP bar, totals, streak, every badge and the recent ones. */
export default function ProgressModal({ open, onOpenChange }: ProgressModalProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={`${dialog.content} ${styles.content}`}
          data-testid="progress-modal"
          // The dialog is opened by a button in ANOTHER app (the shell's Stats button, or the
          // workspace), not by a Dialog.Trigger, and Radix only returns focus to its own Trigger.
          // So remember what had focus when it opened and hand focus back there on close.
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo.current?.isConnected
              ? returnFocusTo.current
              : document.querySelector<HTMLElement>('[data-progress-trigger]');
            returnFocusTo.current = null;
            target?.focus();
          }}
        >
          <header className={styles.head}>
            <Dialog.Title className={styles.title}>Your Progress</Dialog.Title>
            <Dialog.Description className={styles.description}>
              Every prompt you perfect earns XP, keeps your streak going and unlocks badges.
            </Dialog.Description>
          </header>
          <ProgressBody />
          <Dialog.Close className={`${dialog.iconButton} ${dialog.close}`} aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The level, its XP bar and how much XP the next level needs. */
function LevelCard({ xp, level }: { xp: number; level: number }) {
  const bar = levelProgress(xp);
  return (
    <section className={styles.levelCard} aria-labelledby="pp-progress-level">
      <div className={styles.levelRow}>
        <h3 id="pp-progress-level" className={styles.levelHeading}>
          Level <span data-testid="progress-level">{level}</span>
        </h3>
        <p className={styles.levelXp}>
          <span data-testid="progress-xp-in-level">{bar.current}</span> / {bar.max} XP
        </p>
      </div>
      <Progress.Root
        className={styles.bar}
        value={bar.current}
        max={bar.max}
        aria-label={`XP toward level ${level + 1}`}
        getValueLabel={(value, max) => `${value} of ${max} XP`}
      >
        <Progress.Indicator
          className={styles.barFill}
          style={{ transform: `translateX(-${100 - (bar.current / bar.max) * 100}%)` }}
        />
      </Progress.Root>
      <p className={styles.hint}>
        {bar.max - bar.current} XP to level {level + 1}
      </p>
    </section>
  );
}

/** Total XP, total prompts and the current streak. */
function StatTiles({ xp, totalPrompts, streak }: { xp: number; totalPrompts: number; streak: number }) {
  return (
    <dl className={styles.stats}>
      <div className={styles.stat}>
        <dt>Total XP</dt>
        <dd data-testid="progress-total-xp">{xp}</dd>
      </div>
      <div className={styles.stat}>
        <dt>Total prompts</dt>
        <dd data-testid="progress-total-prompts">{totalPrompts}</dd>
      </div>
      <div className={styles.stat}>
        <dt>Current streak</dt>
        <dd data-testid="progress-streak">{days(streak)}</dd>
      </div>
    </dl>
  );
}

/** The latest badges earned, newest first, with the day each was earned. */
function RecentAchievements({ badges }: { badges: EarnedBadge[] }) {
  const recent = recentAchievements({ badges });
  return (
    <section aria-labelledby="pp-progress-recent">
      <h3 id="pp-progress-recent" className={styles.sectionHeading}>
        Recent achievements
      </h3>
      {recent.length === 0 ? (
        <p className={styles.empty}>No achievements yet. Perfect your first prompt to earn First Steps.</p>
      ) : (
        <ol className={styles.recent} aria-labelledby="pp-progress-recent">
          {recent.map((b) => (
            <li key={b.id} className={styles.recentItem}>
              <MedalIcon className={styles.medal} />
              <span className={styles.recentText}>
                <span className={styles.badgeName}>{b.name}</span>
                <span className={styles.muted}>{b.description}</span>
              </span>
              {hasEarnedDate(b.earnedAt) && (
                <time className={styles.date} dateTime={new Date(b.earnedAt).toISOString()}>
                  {formatEarned(b.earnedAt)}
                </time>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Every badge, earned or locked, with what it takes. */
function BadgeGrid({ badges }: { badges: EarnedBadge[] }) {
  const earned = new Map(badges.map((b) => [b.id, b]));
  const earnedCount = BADGES.filter((b) => earned.has(b.id)).length;
  return (
    <section aria-labelledby="pp-progress-badges">
      <h3 id="pp-progress-badges" className={styles.sectionHeading}>
        Badges{' '}
        <span className={styles.count}>
          {earnedCount} of {BADGES.length} earned
        </span>
      </h3>
      <ul className={styles.badges} aria-labelledby="pp-progress-badges">
        {BADGES.map((badge) => {
          const got = earned.get(badge.id);
          return (
            <li
              key={badge.id}
              className={got ? styles.badgeEarned : styles.badgeLocked}
              data-badge={badge.id}
              data-earned={got ? 'true' : 'false'}
            >
              {got ? <MedalIcon className={styles.badgeIcon} /> : <LockIcon className={styles.badgeIcon} />}
              <span className={styles.badgeText}>
                <span className={got ? styles.stateEarned : styles.stateLocked}>{got ? 'Earned' : 'Locked'}</span>
                <span className={styles.badgeName}>{badge.name}</span>
                <span className={styles.muted}>{badge.requirement}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ProgressBody() {
  const { xp, level, streak, totalPrompts, badges } = useStatsStore(
    useShallow((s) => ({ xp: s.xp, level: s.level, streak: s.streak, totalPrompts: s.totalPrompts, badges: s.badges })),
  );
  return (
    <div className={styles.body}>
      <LevelCard xp={xp} level={level} />
      <StatTiles xp={xp} totalPrompts={totalPrompts} streak={streak} />
      <RecentAchievements badges={badges} />
      <BadgeGrid badges={badges} />
    </div>
  );
}
