/**
 * The rules' findings and the model's in one list: a model finding of the same rule that overlaps a
 * rule finding, or quotes the same words (a repeated instruction is in the text twice, and the quote
 * is placed at the first), confirms it: the rule's finding stays, with its one-edit fix, marked
 * `both`, and takes the model's suggestion. The others are added as `model`. Every finding says its
 * source.
 */
import type { LintFinding } from '../types';

const overlaps = (a: LintFinding, b: LintFinding) =>
  a.start === b.start ||
  (a.start < b.end && b.start < a.end) ||
  (a.start === a.end && b.start <= a.start && a.start <= b.end);

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** `text`: the prompt both lists' offsets are in. */
export function mergeFindings(
  text: string,
  rules: readonly LintFinding[],
  model: readonly LintFinding[],
): LintFinding[] {
  const words = (f: LintFinding) => text.slice(f.start, f.end).trim();
  const merged: LintFinding[] = rules.map((f) => ({ ...f, source: 'rules' }));
  for (const m of model) {
    const same = merged.find(
      (f) =>
        f.source !== 'model' &&
        f.rule === m.rule &&
        (overlaps(f, m) || overlaps(m, f) || (f.end > f.start && words(f) === words(m))),
    );
    if (!same) {
      merged.push(m);
      continue;
    }
    same.source = 'both';
    same.suggestion ??= m.suggestion;
  }
  return merged.sort((a, b) => a.start - b.start || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
