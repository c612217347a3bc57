import type { OptimizationRound } from '@prompt-perfect/core/api/prove';
import { SCORE_MAX, SCORE_MIN } from '@prompt-perfect/core/api/prove';
import styles from './Prove.module.css';

const W = 200;
const H = 48;

/** The kept score after each round (a picture only: the table beside it holds the numbers). */
export function ScoreSparkline({ startScore, rounds }: { startScore: number; rounds: OptimizationRound[] }) {
  const scores = [startScore];
  for (const r of rounds) scores.push(r.kept ? r.candidateScore : (scores.at(-1) ?? startScore));
  const x = (i: number) => (scores.length === 1 ? W / 2 : (i / (scores.length - 1)) * (W - 8) + 4);
  const y = (s: number) => H - 4 - ((s - SCORE_MIN) / (SCORE_MAX - SCORE_MIN)) * (H - 8);
  const points = scores.map((s, i) => `${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
  return (
    <svg
      className={styles.sparkline}
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
      {scores.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one dot per round, in order
        <circle key={i} cx={x(i)} cy={y(s)} r="3" fill="currentColor" />
      ))}
    </svg>
  );
}
