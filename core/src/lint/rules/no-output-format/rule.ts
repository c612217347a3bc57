/** no-output-format: the prompt asks for something but says nothing about its form or length. */
import { LETTER } from '../../reading/characters';
import { setsForm, showsForm } from './formSlots';
import { GUIDANCE } from '../../guidance';
import { FOREIGN_TASK } from '../../reading/taskSentence';
import { delimitedRanges, isInstruction, type Span, sentences } from '../../reading/text';
import type { LintRule } from '../../types';

const COUNT_CUE =
  /\b(?:(?!(?:1[5-9]|20)\d\d\b)\d+|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+(?:[a-z]+[\s-]+)?[a-z]+s\b/i;
/** A question is a task too: "What should I consider when ...?" */
const QUESTION = /^(?:what|how|why|which|who|when|where|should|can|could|is|are|do|does)\b[^?]*\?$/i;
/** Words that state a form or length wherever they stand. */
const FORMAT_CUE =
  /\b(?:json|csv|yaml|xml|html|markdown|table|tabular|lists?|bullet(?:s|ed)?|numbered|headings?|headers?|sections?|format(?:ted)?|template|schema|code ?block|tweet|haiku|sonnet|limerick|slogan|tagline|headline|subject line|one-liner|outline|yes or no|yes\/no|labels?|rubric|columns?|tl;?dr|short(?![- ]term)|shorter|longer|brief|briefly|concise|succinct|step[- ]by[- ]step|one word|single word|word count|character limit|pros and cons)\b/i;
/** A measured size: "80-word", "a line apiece", "{{word_count}} words", "per line", a category to pick. */
const MEASURE =
  /(?:\d+|\}\}|\bone|\ba single|\bper|\beach|\bshort|\bfew)[\s-]+(?:[\w-]+\s+)?(?:words?|characters?|lines?|items?|sentences?|paragraphs?)\b|\bper line\b|\bchecklist\b|\bcategor(?:y|ies)\b|\{\{\s*\w*(?:count|number|limit|length)\w*\s*\}\}/i;
/** The reply is held to one thing: "output solely ...", "nothing else", "no explanation". */
const REPLY_FORM =
  /\b(?:only (?:reply|respond|answer|output|return|write|provide|give|show|send|suggest|list)|(?:output|return|give|reply with|answer with) (?:the |a |an )?\w+(?: \w+)? only|(?:reply|respond|answer) only|nothing else|only say|(?:no|not|don't|do not|never) (?:write |give |add |type |provide |include )?(?:me )?(?:an? |any )?(?:additional |further )?explanations?|without (?:any )?explanations?|(?:in|within|inside) <\w[\w-]*> tags|(?:in|inside) (?:one|a) (?:unique )?code block)\b/i;
/** A named deliverable is a form: "write a poem", "create an article", "draft a cover letter". */
const DELIVERABLE =
  /(?<!\b(?:I|we) (?:will |would |can |shall |)|\b(?:I'll|we'll) )\b(?:write|compose|create|draft|generate|produce|prepare|give me|provide|come up with|make)\s+(?:me\s+)?(?:a|an|the|one|some|\d+)?\s*(?:[\w-]+\s+){0,3}?(?:poem|poems|article|review|essay|letter|e-?mail|story|stories|tweet|post|blog|report|recipe|bio|caption|script|song|memo|summary|function|regex|query|itinerary|prd|resume|cv|cover letter|routine|menu|timeline|diagram|chart|proposal|press release|headline|title|joke|riddle|quiz|code|paper|program)\b|\b(?:paper|article|essay|letter|report) form\b|\bact as an? (?:essay ?writer|screenwriter|poet|copywriter|interpreter|terminal|console)\b/i;
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

const CUES = [FORMAT_CUE, MEASURE, REPLY_FORM, DELIVERABLE];

/** Some sentence sets a form or length of the answer, or the prompt shows one (an example answer, a template). */
const formSaid = (text: string, spans: readonly Span[]) => showsForm(text) || spans.some((s) => setsForm(s.text, CUES));

/** The text with fenced data replaced by spaces, offsets kept. */
function blankDelimited(text: string): string {
  const ranges = [...delimitedRanges(text)].sort((x, y) => x[0] - y[0]);
  const parts: string[] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (b <= at) continue;
    const from = Math.max(a, at);
    parts.push(text.slice(at, from), ' '.repeat(b - from));
    at = b;
  }
  parts.push(text.slice(at));
  return parts.join('');
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
    if (formSaid(text, spans)) return [];
    // "Suggest 4 names" sets a count; "They burn for 45 hours" only describes the input.
    if (COUNT_CUE.test(text) && spans.some((s) => COUNT_CUE.test(s.text) && isInstruction(s.text))) return [];
    // A system prompt may never use a task verb ("Your work covers ..."): it still asks for answers.
    const task =
      spans.find(
        (s) => isInstruction(s.text) || QUESTION.test(s.text) || FOREIGN_TASK.test(s.text) || /\?$/.test(s.text),
      ) ?? (ROLE.test(text) ? spans[0] : undefined);
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
