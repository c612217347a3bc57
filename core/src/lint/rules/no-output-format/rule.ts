/** no-output-format: the prompt asks for something but says nothing about its form or length. */
import { LETTER } from '../../reading/characters';
import { setsForm, showsForm } from './formSlots';
import { GUIDANCE } from '../../guidance';
import { FOREIGN_TASK } from '../../reading/taskSentence';
import { delimitedRanges, isInstruction, sentences } from '../../reading/text';
import type { LintRule } from '../../types';

const COUNT_CUE =
  /\b(?:(?!(?:1[5-9]|20)\d\d\b)\d+|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+(?:[a-z]+[\s-]+)?[a-z]+s\b/i;
/** A system prompt's framing: the model is given a role, so it will answer. */
const ROLE =
  /\b(?:you are|you're|your (?:role|job|task|goal|purpose|mission)|act as|you will|you act|(?:want|need|seeking|looking for) (?:somebody|someone|guidance|help|advice|an? (?:expert|assistant|advisor)))\b/i;
/** Tasks whose output takes the form of their input. */
const SAME_FORM = new RegExp(
  String.raw`^(?:(?:please|now)\s+)?(?:(?:i (?:want|need|would like) you to|i'd like you to|your (?:task|job) is to)\s+)?(?:translate|fix|correct|proofread|rewrite|rephrase|paraphrase|edit|improve|shorten|expand|convert|format|tradu\w*|übersetze?|corrige|corrija|korrigiere|correggi|reformule[zs]?|reescribe|umschreiben|riscrivi|reescreva)(?![${LETTER}])`,
  'i',
);

/**
 * Tasks whose answer is one attribute and so needs no format: "Detect the language of the message",
 * "Identify the author of this poem".
 */
const ONE_ATTRIBUTE =
  /^(?:(?:please|now)\s+)?(?:detect|identify|determine|guess|name)\s+(?:the|which|what)\s+(?:[a-z]+\s+)?(?:language|author|date|year|country|city|capital|currency|sentiment|tone|genre|speaker|century|time zone)\b(?!\s+and\b)/i;

/** The text with fenced data replaced by spaces, offsets kept. */
function blankDelimited(text: string): string {
  let blanked = '';
  let at = 0;
  for (const [a, b] of [...delimitedRanges(text)].sort((x, y) => x[0] - y[0])) {
    if (b > at) blanked += text.slice(at, Math.max(a, at)) + ' '.repeat(b - Math.max(a, at));
    at = Math.max(at, b);
  }
  return blanked + text.slice(at);
}

export const noOutputFormat: LintRule = {
  id: 'no-output-format',
  severity: 'info',
  why: 'Without a stated form (a list, a table, JSON, a word count) the model picks one, and the answer is harder to use or compare across runs.',
  guidance: GUIDANCE.clearAndDirect,
  check(full) {
    // What fenced data says about itself ("csv", "45 hours") is not what the answer should look like.
    const text = blankDelimited(full);
    const spans = sentences(text);
    // Some sentence sets a form or length of the answer, or the prompt shows one (an example answer, a template).
    if (showsForm(text) || spans.some((s) => setsForm(s.text))) return [];
    // "Suggest 4 names" sets a count; "They burn for 45 hours" only describes the input.
    if (COUNT_CUE.test(text) && spans.some((s) => COUNT_CUE.test(s.text) && isInstruction(s.text))) return [];
    // A question is a task too. A system prompt may never use a task verb ("Your work covers ..."): it
    // still asks for answers.
    const task =
      spans.find((s) => isInstruction(s.text) || FOREIGN_TASK.test(s.text) || /\?$/.test(s.text)) ??
      (ROLE.test(text) ? spans[0] : undefined);
    if (!task || SAME_FORM.test(task.text) || ONE_ATTRIBUTE.test(task.text)) return [];
    return [
      {
        message: 'Say what form the answer should take: a list, a table, JSON, or a length.',
        start: task.start,
        end: task.end,
      },
    ];
  },
};
