import type { ScoreSummary } from '@prompt-perfect/core/api/prove';

const one = (n: number) => n.toFixed(1);

/** "4 / 5": one judged case. */
export const caseScoreText = (score: number) => `${score} / 5`;

/** "3.8 / 5": a mean. */
export const scoreText = (n: number) => `${one(n)} / 5`;

/** "Mean 3.8 / 5, 95% CI 3.2 to 4.4 (10 cases)" */
export const summaryText = (s: ScoreSummary) => `Mean ${scoreText(s.mean)}, 95% CI ${one(s.low)} to ${one(s.high)} (${s.n} ${s.n === 1 ? 'case' : 'cases'})`;

/** "+0.4 (80% CI +0.1 to +0.7)" */
export function diffText(low: number, high: number, diff: number, level: 80 | 95): string {
  const signed = (n: number) => `${n >= 0 ? '+' : '−'}${one(Math.abs(n))}`;
  return `${signed(diff)} (${level}% CI ${signed(low)} to ${signed(high)})`;
}

/** "$0.42" (or "<$0.01") */
export const usdText = (usd: number) => (usd > 0 && usd < 0.01 ? '<$0.01' : `$${usd.toFixed(2)}`);

export const tokensText = (n: number) => `${n.toLocaleString('en-US')} tokens`;
