/** unresolved-variable: a `{{name}}` with no value, a value never used, or a `{{name` never closed. */
import { findVariables } from '../../../prompt/variables';
import { GUIDANCE } from '../../guidance';
import type { LintRule, RawFinding } from '../../types';

/** `{{name` with one brace or none: the fix closes it and keeps the space that followed the name. */
const UNCLOSED = /\{\{\s*([A-Za-z_][\w.-]*)([ \t]*)(\}\}|\}(?!\})|)/g;

export const unresolvedVariable: LintRule = {
  id: 'unresolved-variable',
  severity: 'error',
  why: 'A placeholder without a value reaches the model as the literal text {{name}}, so it answers about a template instead of your case; a value that is never used means the prompt lost the spot it was meant for.',
  guidance: GUIDANCE.templates,
  check(text, context) {
    const out: RawFinding[] = [];
    for (const m of text.matchAll(UNCLOSED)) {
      if (m[3] === '}}') continue;
      // "{{name warmly": the space belongs to the sentence, after the closed placeholder; "{{name }" loses it.
      const space = m[3] ? '' : m[2];
      out.push({
        message: `{{${m[1]} is not closed: write {{${m[1]}}}.`,
        start: m.index,
        end: m.index + m[0].length,
        fix: { label: `Close as {{${m[1]}}}`, start: m.index, end: m.index + m[0].length, text: `{{${m[1]}}}${space}` },
      });
    }
    const values = context.variables;
    if (!values) return [...out, ...placeholderNotes(text)];
    const seen = new Set<string>();
    for (const use of findVariables(text)) {
      if (seen.has(use.name)) continue;
      seen.add(use.name);
      if ((values[use.name] ?? '').trim() === '') {
        // While writing, a placeholder waiting for its value is normal: a note. About to be sent, it is an error.
        out.push(
          context.sending
            ? {
                message: `{{${use.name}}} has no value: Test Prompt would send it as written.`,
                start: use.start,
                end: use.end,
              }
            : {
                severity: 'info',
                message: `{{${use.name}}} has no test value yet: give it one before you test the prompt.`,
                start: use.start,
                end: use.end,
              },
        );
      }
    }
    for (const [name, value] of Object.entries(values)) {
      if (!seen.has(name) && value.trim() !== '') {
        out.push({
          severity: 'warning',
          message: `A value is given for {{${name}}} but the prompt never uses it.`,
          start: 0,
          end: 0,
        });
      }
    }
    return out;
  },
};

/** No test values known at all (the trial, the CLI, an output check): each placeholder is a note, never more. */
function placeholderNotes(text: string): RawFinding[] {
  const seen = new Set<string>();
  const out: RawFinding[] = [];
  for (const use of findVariables(text)) {
    if (seen.has(use.name)) continue;
    seen.add(use.name);
    out.push({
      severity: 'info',
      message: `{{${use.name}}} is a placeholder with no value here: fill it in, or give it a test value before you test the prompt.`,
      start: use.start,
      end: use.end,
    });
  }
  return out;
}
