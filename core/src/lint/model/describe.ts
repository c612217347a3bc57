/** The model check in words, for a terminal or a model reading a tool's answer. */
import type { ModelCheckReport } from '../../api/types';
import type { LintSource } from '../types';

/** After the rule id: who found it, when the model took part. */
export const SOURCE_TAG: Record<LintSource, string> = { rules: '', model: ' (model)', both: ' (rules and model)' };

/** One line: the model asked, its tokens and cost (or that the answer was cached), the findings dropped. */
export function describeModelCheck(m: ModelCheckReport): string {
  const cost = m.cached ? 'cached, no cost' : `${m.tokens.input + m.tokens.output} tokens, $${m.costUsd.toFixed(4)}`;
  const dropped = m.dropped ? `; ${m.dropped} finding(s) dropped: their quote is not in the prompt` : '';
  return `Model check: ${m.provider}:${m.model} (${cost})${dropped}.`;
}
