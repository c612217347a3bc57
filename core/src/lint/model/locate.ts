/**
 * The model's findings placed in the prompt: each quote is looked up in the text (exactly, else with
 * any run of white space matching any other, as models re-wrap lines). A finding whose quote is not
 * in the prompt is dropped and counted: the model made it up or paraphrased it, and a finding that
 * points nowhere cannot be shown or checked.
 */
import { LINT_RULES } from '../index';
import type { LintFinding } from '../types';
import type { ModelLintAnswer } from './answer';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function spanOf(text: string, quote: string): { start: number; end: number } | undefined {
  const q = quote.trim();
  if (!q) return undefined;
  const exact = text.indexOf(q);
  if (exact >= 0) return { start: exact, end: exact + q.length };
  const loose = new RegExp(q.split(/\s+/).map(escapeRegExp).join('\\s+')).exec(text);
  return loose ? { start: loose.index, end: loose.index + loose[0].length } : undefined;
}

export interface LocatedFindings {
  findings: LintFinding[];
  /** Findings whose quote is not in the prompt. */
  dropped: number;
}

export function locateModelFindings(text: string, answer: ModelLintAnswer): LocatedFindings {
  const findings: LintFinding[] = [];
  let dropped = 0;
  for (const f of answer.findings) {
    const span = spanOf(text, f.quote);
    const rule = LINT_RULES.find((r) => r.id === f.rule);
    if (!span || !rule) {
      dropped += 1;
      continue;
    }
    findings.push({
      rule: f.rule,
      // The model is wrong some of the time too: never an error, whatever the rule.
      severity: rule.severity === 'error' ? 'warning' : rule.severity,
      message: f.why.trim(),
      why: rule.why,
      guidance: rule.guidance,
      ...span,
      source: 'model',
      suggestion: f.fix.trim(),
    });
  }
  return { findings, dropped };
}
