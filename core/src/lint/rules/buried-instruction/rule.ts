/** buried-instruction: the task comes only after a long block of context, with nothing up front saying what to do. */
import { GUIDANCE } from '../../guidance';
import { isTaskSentence } from '../../reading/taskSentence';
import { delimitedRanges, insideAny, sentences } from '../../reading/text';
import type { LintRule } from '../../types';

/** About a page of text: beyond this the model reads a lot before learning what it is for. */
const LONG_CONTEXT = 1000;

export const buriedInstruction: LintRule = {
  id: 'buried-instruction',
  severity: 'warning',
  why: 'With a long context and the task only at the end, the model reads everything without knowing what to look for. Say the task before the context too (and you may repeat it after).',
  guidance: GUIDANCE.openaiGpt41,
  check(text) {
    const data = delimitedRanges(text);
    // "Here are my notes:" frames the context but does not say what to do with it: only a task counts,
    // and a question inside fenced data is the data's, not the prompt's.
    const first = sentences(text).find((s) => isTaskSentence(s.text) && !insideAny(data, s.start, s.end));
    if (!first || first.start < LONG_CONTEXT) return [];
    const lead = text.length - text.trimStart().length;
    return [
      {
        message: `The task starts only after ${first.start.toLocaleString('en-US')} characters of context.`,
        start: first.start,
        end: first.end,
        fix: { label: 'Also state the task first', start: lead, end: lead, text: `${first.text}\n\n` },
      },
    ];
  },
};
