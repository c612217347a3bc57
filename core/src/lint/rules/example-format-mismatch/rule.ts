/** example-format-mismatch: an example that breaks the form the prompt asks for (invalid JSON, a label outside the set, a number off the scale, a date in another layout). */
import { GUIDANCE } from '../../guidance';
import type { LintRule } from '../../types';
import { dateFindings } from './dates';
import { jsonFindings } from './json';
import { answerFindings } from './labels';

export const exampleFormatMismatch: LintRule = {
  id: 'example-format-mismatch',
  // Not certain: it reads examples by their layout, so it must not fail a build.
  severity: 'warning',
  why: 'Models imitate examples more closely than they follow descriptions. An example that breaks the stated format teaches the model to break it too.',
  guidance: GUIDANCE.examples,
  check(text) {
    const found = jsonFindings(text);
    return [...found, ...answerFindings(text, found), ...dateFindings(text)];
  },
};
