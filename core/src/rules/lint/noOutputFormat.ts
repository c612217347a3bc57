/** no-output-format: the prompt asks for something but says nothing about its form or length. */
import { GUIDANCE } from './guidance';
import { isInstruction, sentences } from './text';
import type { LintRule } from './types';

const COUNT_CUE = /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+(?:[a-z]+[\s-]+)?[a-z]+s\b/i;
/** A question is a task too: "What should I consider when ...?" */
const QUESTION = /^(?:what|how|why|which|who|when|where|should|can|could|is|are|do|does)\b[^?]*\?$/i;
const FORMAT_CUE =
  /\b(?:json|csv|yaml|xml|html|markdown|table|list|bullet(?:s|ed)?|numbered|paragraphs?|sentences?|words?|characters?|lines?|headings?|headers?|sections?|format(?:ted)?|template|structure[d]?|schema|code block|tweet|haiku|sonnet|limerick|poem|email|e-mail|letter|slogan|tagline|headline|title|subject line|one-liner|essay|outline|steps|items|points|yes or no|yes\/no|labels?|score|rating|rubric|fields?|columns?|keys|tl;?dr|short|brief|concise|long|detailed|script|function|regex|query|sql|code|snippet|recipe|caption|bio|summary|abstract|memo|post|story)\b/i;
/** Tasks whose output takes the form of their input. */
const SAME_FORM = /^(?:(?:please|now)\s+)?(?:translate|fix|correct|proofread|rewrite|rephrase|paraphrase|edit|improve|shorten|expand|convert|format)\b/i;

export const noOutputFormat: LintRule = {
  id: 'no-output-format',
  severity: 'info',
  why: 'Without a stated form (a list, a table, JSON, a word count) the model picks one, and the answer is harder to use or compare across runs.',
  guidance: GUIDANCE.clearAndDirect,
  check(text) {
    if (FORMAT_CUE.test(text) || COUNT_CUE.test(text)) return [];
    const task = sentences(text).find((s) => isInstruction(s.text) || QUESTION.test(s.text));
    if (!task || SAME_FORM.test(task.text)) return [];
    return [{ message: 'Say what form the answer should take: a list, a table, JSON, or a length.', start: task.start, end: task.end }];
  },
};
