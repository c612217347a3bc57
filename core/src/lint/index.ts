/**
 * The prompt linter: `lintPrompt(text, context?)` runs every rule offline (no network, no browser API)
 * and returns findings sorted by position. The same module runs in the browser and behind POST /api/lint.
 */
import { buriedInstruction } from './rules/buried-instruction/rule';
import { conflictingConstraints } from './rules/conflicting-constraints/rule';
import { duplicateInstruction } from './rules/duplicate-instruction/rule';
import { exampleFormatMismatch } from './rules/example-format-mismatch/rule';
import { languageMismatch } from './rules/language-mismatch/rule';
import { lostVariable } from './rules/lost-variable/rule';
import { noOutputFormat } from './rules/no-output-format/rule';
import type { LintContext, LintFinding, LintRule, LintRuleId } from './types';
import { undelimitedInput } from './rules/undelimited-input/rule';
import { unresolvedVariable } from './rules/unresolved-variable/rule';
import { vagueQuantifier } from './rules/vague-quantifier/rule';

export type { LintContext, LintFinding, LintRuleId, LintSeverity } from './types';
export { LINT_RULE_IDS } from './types';
export { applyFix } from './text';

export const LINT_RULES: readonly LintRule[] = [
  unresolvedVariable,
  lostVariable,
  conflictingConstraints,
  noOutputFormat,
  exampleFormatMismatch,
  undelimitedInput,
  buriedInstruction,
  vagueQuantifier,
  duplicateInstruction,
  languageMismatch,
];

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function lintPrompt(text: string, context: LintContext = {}, only?: readonly LintRuleId[]): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const rule of LINT_RULES) {
    if (only && !only.includes(rule.id)) continue;
    for (const raw of rule.check(text, context)) {
      findings.push({
        rule: rule.id,
        severity: raw.severity ?? rule.severity,
        message: raw.message,
        why: rule.why,
        guidance: rule.guidance,
        start: raw.start,
        end: raw.end,
        ...(raw.fix ? { fix: raw.fix } : {}),
      });
    }
  }
  return findings.sort((a, b) => a.start - b.start || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
