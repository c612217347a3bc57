/** unresolved-variable: a `{{name}}` with no value, a value never used, or a `{{name` never closed. */
import { findVariables } from '../../prompt/variables';
import { GUIDANCE } from './guidance';
import type { LintRule, RawFinding } from './types';

const UNCLOSED = /\{\{\s*([A-Za-z_][\w.-]*)\s*(\}\}|\}(?!\})|)/g;

export const unresolvedVariable: LintRule = {
  id: 'unresolved-variable',
  severity: 'error',
  why: 'A placeholder without a value reaches the model as the literal text {{name}}, so it answers about a template instead of your case; a value that is never used means the prompt lost the spot it was meant for.',
  guidance: GUIDANCE.templates,
  check(text, context) {
    const out: RawFinding[] = [];
    for (const m of text.matchAll(UNCLOSED)) {
      if (m[2] === '}}') continue;
      out.push({
        message: `{{${m[1]} is not closed: write {{${m[1]}}}.`,
        start: m.index,
        end: m.index + m[0].length,
        fix: { label: `Close as {{${m[1]}}}`, start: m.index, end: m.index + m[0].length, text: `{{${m[1]}}}` },
      });
    }
    const values = context.variables;
    if (!values) return out;
    const seen = new Set<string>();
    for (const use of findVariables(text)) {
      if (seen.has(use.name)) continue;
      seen.add(use.name);
      if ((values[use.name] ?? '').trim() === '') {
        out.push({ message: `{{${use.name}}} has no value: give it a test value or it is sent as written.`, start: use.start, end: use.end });
      }
    }
    for (const [name, value] of Object.entries(values)) {
      if (!seen.has(name) && value.trim() !== '') {
        out.push({ severity: 'warning', message: `A value is given for {{${name}}} but the prompt never uses it.`, start: 0, end: 0 });
      }
    }
    return out;
  },
};
