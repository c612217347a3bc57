/** The CI gate's verdict and its Markdown summary for a pull-request comment or the job summary. */
import type { EvaluationResult, PairedDifference } from '@prompt-perfect/core/api/prove';
import { pairedDifference } from '@prompt-perfect/core/prove/statistics';

export interface GateVerdict {
  difference: PairedDifference;
  /** The candidate is worse: the whole paired 95% interval lies below zero. */
  regressed: boolean;
  markdown: string;
}

const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);

export function gateVerdict(
  files: { baseline: string; candidate: string; testSet: string },
  baseline: EvaluationResult,
  candidate: EvaluationResult,
): GateVerdict {
  const byCase = new Map(candidate.results.map((r) => [r.caseId, r]));
  const pairs = baseline.results.flatMap((r) => {
    const c = byCase.get(r.caseId);
    return c ? [[r, c] as const] : [];
  });
  const difference = pairedDifference(
    pairs.map(([b]) => b.score),
    pairs.map(([, c]) => c.score),
  );
  const regressed = difference.high < 0;
  const improved = difference.low > 0;
  const headline = regressed
    ? '❌ **The candidate is worse**: the whole paired interval is below zero.'
    : improved
      ? '✅ **The candidate is better**: the whole paired interval is above zero.'
      : '➖ **No significant difference**: the paired interval includes zero.';
  const row = (label: string, file: string, r: EvaluationResult) =>
    `| ${label} (\`${cell(file)}\`) | ${f2(r.summary.mean)} | ${f2(r.summary.low)} to ${f2(r.summary.high)} | ${r.summary.n} |`;
  const cases = pairs.map(([b, c]) => `| ${cell(b.caseId)} | ${b.score} | ${c.score} | ${cell(c.critique)} |`);
  const markdown = [
    '## Prompt Perfect: candidate vs baseline',
    '',
    headline,
    '',
    '| Prompt | Mean (1-5) | 95% interval | n |',
    '|---|---|---|---|',
    row('Baseline', files.baseline, baseline),
    row('Candidate', files.candidate, candidate),
    '',
    `Difference (candidate − baseline): **${f2(difference.mean)}**, paired 95% interval ${f2(difference.low)} to ${f2(difference.high)} over ${difference.n} cases of \`${cell(files.testSet)}\`.`,
    '',
    '<details><summary>Per case</summary>',
    '',
    '| Case | Baseline | Candidate | Judge on the candidate |',
    '|---|---|---|---|',
    ...cases,
    '',
    '</details>',
    '',
  ].join('\n');
  return { difference, regressed, markdown };
}
