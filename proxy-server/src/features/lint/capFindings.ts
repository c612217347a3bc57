/** At most `perRule` findings of each rule, and how many more each rule had. */
import type { LintFinding } from '@prompt-perfect/core/lint/types';
import type { LintResponse } from '@prompt-perfect/core/api/types';

export function capFindings(findings: LintFinding[], perRule: number): LintResponse {
  const shown = new Map<string, number>();
  const omitted: Record<string, number> = {};
  const kept = findings.filter((f) => {
    const n = (shown.get(f.rule) ?? 0) + 1;
    shown.set(f.rule, n);
    if (n <= perRule) return true;
    omitted[f.rule] = (omitted[f.rule] ?? 0) + 1;
    return false;
  });
  return Object.keys(omitted).length ? { findings: kept, omitted } : { findings: kept };
}
