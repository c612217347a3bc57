/** Tool answers as text a model (or a person in a terminal) reads; the same data goes out as JSON beside it. */
import type { HistoryPage } from '../api/account';
import type { EvaluationResult, OptimizationResult, TestSetSummary } from '../api/prove';
import type { ModelCheckReport } from '../api/types';
import { describeModelCheck, SOURCE_TAG } from '../lint/model/describe';
import type { LintFinding } from '../lint/types';
import { percent } from '../prove/testBudget';
import type { ImproveResult } from './backend';

const f2 = (n: number) => n.toFixed(2);

export function formatFindings(findings: readonly LintFinding[], modelCheck?: ModelCheckReport): string {
  const tail = modelCheck ? `\n${describeModelCheck(modelCheck)}` : '';
  if (findings.length === 0) return `No findings: the linter found nothing to fix.${tail}`;
  return (
    findings
      .map(
        (x) =>
          `${x.severity} ${x.rule}${SOURCE_TAG[x.source ?? 'rules']} at ${x.start}-${x.end}: ${x.message}\n  why: ${x.why}${x.fix ? `\n  fix: ${x.fix.label}` : ''}${x.suggestion ? `\n  suggestion: ${x.suggestion}` : ''}`,
      )
      .join('\n') + tail
  );
}

export const formatImprove = (r: ImproveResult) => r.prompt;

export function formatEvaluation(r: EvaluationResult): string {
  const s = r.summary;
  const cases = r.results.map((c) => `- ${c.caseId}: ${c.score}/5 ${c.critique}`).join('\n');
  return `Mean ${f2(s.mean)} (95% interval ${f2(s.low)} to ${f2(s.high)}, n=${s.n}), ${r.tokens} tokens.\n${cases}`;
}

export function formatOptimization(r: OptimizationResult): string {
  const verdict = r.test
    ? `Test cases (never used to choose): ${f2(r.test.startMean)} -> ${f2(r.test.finalMean)}, difference ${f2(r.test.difference.mean)} (${percent(r.test.budget.confidence)} paired interval ${f2(r.test.difference.low)} to ${f2(r.test.difference.high)}, n=${r.test.difference.n}). ${r.test.reason}\n${r.test.budget.note}${r.test.counted ? '' : ' (No edit passed validation, so this run made no test and used none of that budget.)'}`
    : 'The run stopped before the test cases could be scored.';
  const rounds = r.rounds.map((x) => `- round ${x.round}: ${x.kept ? 'kept' : 'not kept'}, ${x.reason}`).join('\n');
  return `${verdict}\nStopped by: ${r.stoppedBy}; ${r.tokens} tokens.\n${rounds}\n\nBest prompt:\n${r.bestPrompt}`;
}

export function formatTestSets(items: readonly TestSetSummary[]): string {
  if (items.length === 0) return 'No saved test sets: create one in the workspace (Prove).';
  return items.map((s) => `${s.id}: ${s.name} (${s.caseCount} cases, updated ${s.updatedAt})`).join('\n');
}

export function formatHistory(page: HistoryPage): string {
  if (page.items.length === 0) return 'No history yet.';
  return page.items
    .map(
      (h) =>
        `#${h.id} ${h.createdAt} ${h.kind} with ${h.provider}/${h.model}\n  task: ${h.input.slice(0, 200)}\n  prompt: ${h.output}`,
    )
    .join('\n');
}
