/** undelimited-input: pasted data or user input that is not fenced or tagged, so it can pass for instructions. */
import { findVariables } from '../prompt/variables';
import { GUIDANCE } from './guidance';
import { delimitedRanges, insideAny, startsWithTask } from './text';
import type { LintRule, RawFinding } from './types';

const DATA_NOUNS =
  'text|article|review|email|e-mail|message|document|transcript|conversation|chat|data|input|passage|content|code|log|logs|essay|paragraph|story|feedback|comment|comments|notes|report|ticket|query|question|post|tweet|abstract|excerpt|snippet|letter|description|answer|reply|user input|customer message|context|source|entries|clause|contract|paragraph|sentence|page|thread|chat log|html|json|csv|table|record|statement|quote|speech|lyrics|poem|recipe|policy|terms';

/** "Here is the review:" / "Customer email:" on its own line, data below. */
const INTRO_LINE = new RegExp(`^[^\\n]{0,120}\\b(${DATA_NOUNS})s?\\b[^\\n:]{0,40}:[ \\t]*$`, 'gim');
/** "Summarize this review: The battery died after two days, ..." with the data on the same line. */
const INLINE = new RegExp(`\\b(${DATA_NOUNS})s?\\b[^\\n:.]{0,40}:[ \\t]+(?![\\s"'“<\`{\\[])([^\\n]{80,})`, 'gi');
/** "User message: Hi, my card was charged twice" : input after a label at a line's start, nothing fencing it. */
const LABELLED_LINE =
  /^[ \t]*(?:[-*]\s+)?((?:the )?(?:(?:user|customer|client|student|patient|caller|visitor)(?:'s)?(?: (?:message|input|question|query|request|review|email|text|comment|complaint|feedback|reply))?|input|text|message|email|e-mail|review|query|question|request|comment|feedback|transcript|article|document|passage|snippet|ticket|complaint|conversation|chat|post|tweet))[ \t]*:[ \t]+(?!["'“«<`{[(])([^\n]{15,})$/gim;
/** Role-play prompts: "My first request is: give me ..." pasted without quotes ("about ...", "to ..." describe it instead). */
const FIRST_REQUEST =
  /\bmy first ((?:suggestion |bullet |sql |code )?(?:request|question|command|sentence|move|prompt|message|input|query|statement|word|line|task|suggestion|text|code|object|topic|point))(?:\s+(?:is|will be)\s*:?|\s*:)\s*(?<=[\s:])(?!(?:to|about|that|going|related|regarding|as follows)\b)()([^\s"'“‘«<`{[(][^\n]+)/gi;
/** The next line answers the labelled one ("Output: ...", "Label: ..."): a worked example, not live input. */
const ANSWER_NEXT = /^\s*(?:[-*]\s+)?(?:output|answer|label|sentiment|category|response|assistant|reply|class|result|intent|tag|summary|translation)\s*:/i;

/** Lines introducing a format or rules, not data. */
const NOT_DATA_INTRO =
  /\b(?:should|must|will|needs? to|include|includes|contain|contains|cover|format|structure|rules?|steps?|instructions?|guidelines?|requirements?|criteria|sections?|example|examples|following (?:fields|keys|questions)|questions? to answer)\b/i;
/** "with one category: billing, bug or account" introduces choices; "in <text> tags" means the data is fenced elsewhere. */
const INLINE_NOT_DATA = /\b(?:with|as|into|in the form|one of|categor(?:y|ies)|labels?|tags?|keys?|columns?|options?|choices?)\b|</i;
const VARIABLE_AS_DATA = new RegExp(`^(?:[\\w.-]*_)?(?:${DATA_NOUNS.replace(/ /g, '_')}|user|body|doc|source_text|raw)(?:_[\\w.-]*)?$`, 'i');

const tagFor = (noun: string) =>
  noun
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^e_mail$/, 'email');

function startsDelimited(s: string): boolean {
  return /^\s*(?:```|"""|'''|<[A-Za-z][\w-]*(?:\s[^<>]*)?>|---|===|["'“«[{])/.test(s);
}

/** A placeholder alone on its line gets tags on lines of their own; one inside a sentence, inline tags. */
function wrapVariable(text: string, start: number, end: number, tag: string): RawFinding['fix'] {
  const ownLine = /(?:^|\n)[ \t]*$/.test(text.slice(0, start)) && /^[ \t]*(?:\n|$)/.test(text.slice(end));
  const inner = text.slice(start, end);
  return { label: 'Wrap it in tags', start, end, text: ownLine ? `<${tag}>\n${inner}\n</${tag}>` : `<${tag}>${inner}</${tag}>` };
}

export const undelimitedInput: LintRule = {
  id: 'undelimited-input',
  severity: 'warning',
  why: 'Without a fence or tags, the model cannot tell where your instructions end and the pasted text begins; a sentence in that text like "ignore the above" can take over the prompt (prompt injection).',
  guidance: GUIDANCE.xmlTags,
  check(text) {
    const data = delimitedRanges(text);
    const out: RawFinding[] = [];
    const wrap = (noun: string, start: number, end: number, label = 'Wrap it in tags'): RawFinding['fix'] => {
      const tag = tagFor(noun);
      return { label, start, end, text: `<${tag}>\n${text.slice(start, end)}\n</${tag}>` };
    };

    for (const m of text.matchAll(INTRO_LINE)) {
      if (NOT_DATA_INTRO.test(m[0]) || insideAny(data, m.index)) continue;
      const after = m.index + m[0].length + 1;
      if (after >= text.length) continue;
      const rest = text.slice(after);
      if (startsDelimited(rest)) continue;
      const lead = rest.length - rest.trimStart().length;
      const block = /^[\s\S]*?(?=\n[ \t]*\n|$)/.exec(rest.slice(lead))?.[0] ?? '';
      if (block.trim().length < 60 || /^\s*\{\{[^}]+\}\}\s*$/.test(block)) continue;
      const start = after + lead;
      out.push({
        message: `The ${m[1].toLowerCase()} below is not fenced off from your instructions.`,
        start,
        end: start + block.length,
        fix: wrap(m[1], start, start + block.length),
      });
    }
    for (const m of text.matchAll(INLINE)) {
      const intro = m[0].slice(0, m[0].indexOf(':'));
      if (NOT_DATA_INTRO.test(intro) || INLINE_NOT_DATA.test(intro) || insideAny(data, m.index)) continue;
      // "**Feedback**: Provide feedback on ..." is a heading over an instruction, not pasted data.
      if (/\*\*\s*$/.test(intro) || startsWithTask(m[2])) continue;
      const start = m.index + m[0].length - m[2].length;
      const end = m.index + m[0].length;
      if (out.some((f) => f.start <= start && f.end >= start)) continue;
      out.push({ message: `The ${m[1].toLowerCase()} after the colon is not fenced off from your instructions.`, start, end, fix: wrap(m[1], start, end) });
    }
    for (const m of text.matchAll(FIRST_REQUEST)) {
      const start = m.index + m[0].length - m[3].length;
      const end = start + m[3].replace(/\s+$/, '').length;
      if (insideAny(data, m.index) || /^\{\{[^}]+\}\}/.test(m[3])) continue;
      out.push({
        message: `Your first ${m[1].toLowerCase()} is not quoted or fenced off from your instructions.`,
        start,
        end,
        fix: { label: 'Put it in quotes', start, end, text: `"${text.slice(start, end)}"` },
      });
    }
    for (const m of text.matchAll(LABELLED_LINE)) {
      const start = m.index + m[0].length - m[2].length;
      const end = m.index + m[0].length;
      if (insideAny(data, m.index) || out.some((f) => f.start <= start && f.end >= start)) continue;
      if (/^\s*\{\{[^}]+\}\}\s*$/.test(m[2]) || startsWithTask(m[2]) || ANSWER_NEXT.test(text.slice(end + 1, end + 200))) continue;
      if (/\b(?:examples?|e\.g\.)\b[^\n]*:?[ \t]*\n?[^\n]*$/i.test(text.slice(Math.max(0, m.index - 80), m.index))) continue;
      const noun = m[1].replace(/^the /i, '').split(/[\s']/).pop() ?? 'input';
      out.push({
        message: `The ${m[1].toLowerCase()} after the label is not fenced off from your instructions.`,
        start,
        end,
        fix: wrap(noun === 'user' ? 'input' : noun, start, end),
      });
    }
    for (const v of findVariables(text)) {
      if (!VARIABLE_AS_DATA.test(v.name) || insideAny(data, v.start)) continue;
      const before = text.slice(Math.max(0, v.start - 3), v.start);
      const after = text.slice(v.end, v.end + 3);
      if (/["'“«`>]\s*$/.test(before) && /^\s*["'”»`<]/.test(after)) continue;
      out.push({
        message: `{{${v.name}}} is filled with outside text but is not fenced off from your instructions.`,
        start: v.start,
        end: v.end,
        fix: wrapVariable(text, v.start, v.end, tagFor(v.name)),
      });
    }
    return out;
  },
};
