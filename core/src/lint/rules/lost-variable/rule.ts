/** lost-variable: a `{{name}}` of the original prompt that the optimized prompt no longer contains. */
import { variableNames } from '../../../prompt/variables';
import { GUIDANCE } from '../../guidance';
import type { LintRule } from '../../types';

const tagName = (name: string) => name.replace(/[^\w-]/g, '_');

export const lostVariable: LintRule = {
  id: 'lost-variable',
  severity: 'error',
  why: 'The optimized prompt is the one that runs. If a placeholder of your prompt is missing from it, the value you fill in never reaches the model.',
  guidance: GUIDANCE.templates,
  check(text, context) {
    if (context.original === undefined) return [];
    const kept = new Set(variableNames(text));
    return variableNames(context.original)
      .filter((name) => !kept.has(name))
      .map((name) => ({
        message: `{{${name}}} from your prompt is missing here: its value would never reach the model.`,
        start: text.length,
        end: text.length,
        fix: {
          label: `Add {{${name}}} back`,
          start: text.length,
          end: text.length,
          text: `\n\n<${tagName(name)}>\n{{${name}}}\n</${tagName(name)}>`,
        },
      }));
  },
};
