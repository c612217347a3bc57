import { diffFigure } from '@prompt-perfect/core/prove/acceptRule';
import type { ScoreSummary } from '@prompt-perfect/core/api/prove';

const one = (n: number) => n.toFixed(1);

/** "4 / 5": one judged case. */
export const caseScoreText = (score: number) => `${score} / 5`;

/** "3.8 / 5": a mean. */
export const scoreText = (n: number) => `${one(n)} / 5`;

/** "Mean 3.8 / 5, 95% CI 3.2 to 4.4 (10 cases)" */
export const summaryText = (s: ScoreSummary) =>
  `Mean ${scoreText(s.mean)}, 95% CI ${one(s.low)} to ${one(s.high)} (${s.n} ${s.n === 1 ? 'case' : 'cases'})`;

/** "+0.40 (80% CI +0.12 to +0.68)": two decimals, as the reasons beside it give them. */
export function diffText(low: number, high: number, diff: number, level: 80 | 95): string {
  return `${diffFigure(diff)} (${level}% CI ${diffFigure(low)} to ${diffFigure(high)})`;
}

/** "$0.42" (or "<$0.01") */
export const usdText = (usd: number) => (usd > 0 && usd < 0.01 ? '<$0.01' : `$${usd.toFixed(2)}`);

export const tokensText = (n: number) => `${n.toLocaleString('en-US')} tokens`;
