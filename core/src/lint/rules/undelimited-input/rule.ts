/** undelimited-input: pasted data that is not fenced or tagged, so it can pass for instructions. */
import { constraintSlots } from '../../constraints';
import { GUIDANCE } from '../../guidance';
import { DESCRIBES } from '../../reading/inputMention';
import { isTaskSentence } from '../../reading/taskSentence';
import { delimitedRanges, insideAny, startsWithTask } from '../../reading/text';
import type { LintRule, RawFinding } from '../../types';
import { dataIntros, readsAsInstructions, tagFor } from './dataIntros';
import { type Pasted, pastedBlocks } from './shapes';

/** A block shorter than this under an intro line is a heading's tail or a slot, not pasted data. */
const MIN_BLOCK_CHARS = 60;
/** The placeholder stands for the data: the value is filled in later, fenced or not. */
const ONLY_PLACEHOLDER = /^\s*\{\{[^}]+\}\}\s*$/;
/** What opens a fence, tags, quotes or a bracket: the data is set apart. */
const STARTS_DELIMITED = /^\s*(?:```|"""|'''|<[A-Za-z][\w-]*(?:\s[^<>]*)?>|---|===|["'“„‚«‹[{])/;
/** Short items separated by commas: a list of choices or angles, not pasted text. */
const ENUMERATION = /^(?:[^,.\n]{1,30},\s*){2,}[^,.\n]{1,30}\.?$/;
/** "Here is the note:", "Voici le texte :", "Hier ist die E-Mail:": what follows is presented as data. */
const PRESENTS =
  /\b(?:here is|here's|here are|this is|below is|voici|voilà|aquí está|aquí tienes|hier ist|ecco|aqui está)\b[^:\n]{0,40}$/i;
/** The line asks for something to be produced, or gives a negated order: what follows the colon describes it. */
const OUTPUT_OR_ORDER =
  /^\s*(?:[-*]\s+)?(?:(?:please|now)\s+)?(?:write|create|draft|generate|compose|produce|design|don't|do not|never|avoid|rédige[zs]?|écris|écrivez|crée[zs]?|génère[zs]?|redacta|escribe|crea|genera|schreibe|verfasse|erstelle|scrivi|redigi|escreva|redija|crie|gere)\b/i;

/** How far after the colon a length or format slot makes the text a description of the answer. */
const SPEC_REACH = 80;
/** A length or format slot just after `at`: the text there describes the answer ("at most 90 words, ..."). */
const setsTheAnswer = (text: string, at: number) =>
  constraintSlots(text).some(
    (s) => s.start >= at && s.start < at + SPEC_REACH && s.kind !== 'depth' && s.kind !== 'extra',
  );
/** A markdown heading or a line in capitals: "# EXAMPLE", "OUTPUT FORMAT:". */
const HEADING = /^(?:#{1,6}[ \t]+[^\n]+|[A-Z][A-Z \t&-]{2,40}:?)[ \t]*$/gm;
const NAMES_EXAMPLE = /\b(?:examples?|samples?|demo|exemples?|ejemplos?|beispiele?|esempi|esempio|exemplos?)\b/i;

/** Under a heading that names an example section: a worked example, not live input. */
function underExampleHeading(text: string, at: number): boolean {
  let last = '';
  for (const h of text.matchAll(HEADING)) if (h.index < at) last = h[0];
  return NAMES_EXAMPLE.test(last);
}

const lineStart = (text: string, at: number) => text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
/** The sentence on the line before `at`: "Its flaws showed in " before "reviews:". */
const sentenceBefore = (text: string, at: number) =>
  lineStart(text, at)
    .split(/[.!?]\s+/)
    .pop() ?? '';

function wrap(text: string, noun: string, start: number, end: number): RawFinding['fix'] {
  const tag = tagFor(noun);
  return { label: 'Wrap it in tags', start, end, text: `<${tag}>\n${text.slice(start, end)}\n</${tag}>` };
}

/** "Here is the review:" on its own line, the data in the paragraph below. */
function blocksBelow(text: string, data: ReturnType<typeof delimitedRanges>): RawFinding[] {
  const out: RawFinding[] = [];
  for (const m of text.matchAll(dataIntros.line)) {
    // "KEY POINT:" in capitals heads a section of the answer's template, not pasted data.
    const heading = m[0].trim().replace(/:$/, '');
    if (dataIntros.notData.test(m[0]) || insideAny(data, m.index) || heading === heading.toUpperCase()) continue;
    const after = m.index + m[0].length + 1;
    const rest = text.slice(after);
    if (after >= text.length || STARTS_DELIMITED.test(rest)) continue;
    const lead = rest.length - rest.trimStart().length;
    const block = /^[\s\S]*?(?=\n[ \t]*\n|$)/.exec(rest.slice(lead))?.[0] ?? '';
    if (block.trim().length < MIN_BLOCK_CHARS || ONLY_PLACEHOLDER.test(block) || readsAsInstructions(block)) continue;
    const start = after + lead;
    out.push({
      message: `The ${m[1].toLowerCase()} below is not fenced off from your instructions.`,
      start,
      end: start + block.length,
      fix: wrap(text, m[1], start, start + block.length),
    });
  }
  return out;
}

/** "Summarize this review: The battery died after two days, ..." with the data on the same line. */
function afterColon(text: string, data: ReturnType<typeof delimitedRanges>): RawFinding[] {
  const out: RawFinding[] = [];
  for (const m of text.matchAll(dataIntros.inline)) {
    const intro = m[0].slice(0, m[0].indexOf(':'));
    const tail = m[2];
    if (dataIntros.notData.test(intro) || dataIntros.notInlineData.test(intro) || insideAny(data, m.index)) continue;
    // "Here is the note: ..." says that what follows is data, whatever it reads like.
    const presented = PRESENTS.test(lineStart(text, m.index) + intro);
    if (/\*\*\s*$/.test(intro) || startsWithTask(tail) || ENUMERATION.test(tail.trim())) continue;
    const said = sentenceBefore(text, m.index);
    if (!presented) {
      // What to produce, an order, or the author's own account ("Our funding comes from three sources: ...").
      if (readsAsInstructions(tail) || OUTPUT_OR_ORDER.test(said + intro)) continue;
      if (DESCRIBES.test(said) && !isTaskSentence(said.trim()) && !startsWithTask(said.trim())) continue;
    }
    const start = m.index + m[0].length - tail.length;
    if (!presented && setsTheAnswer(text, start)) continue;
    out.push({
      message: `The ${m[1].toLowerCase()} after the colon is not fenced off from your instructions.`,
      start,
      end: m.index + m[0].length,
      fix: wrap(text, m[1], start, m.index + m[0].length),
    });
  }
  return out;
}

/** Role-play prompts: "My first ask is: draw ..." pasted without quotes. */
function firstRequests(text: string, data: ReturnType<typeof delimitedRanges>): RawFinding[] {
  return [...text.matchAll(dataIntros.firstRequest)].flatMap((m) => {
    const start = m.index + m[0].length - m[2].length;
    const end = start + m[2].trimEnd().length;
    if (insideAny(data, m.index) || /^\{\{[^}]+\}\}/.test(m[2])) return [];
    return [
      {
        message: `Your first ${m[1].toLowerCase()} is not quoted or fenced off from your instructions.`,
        start,
        end,
        fix: { label: 'Put it in quotes', start, end, text: `"${text.slice(start, end)}"` },
      },
    ];
  });
}

const NAMED: Record<Pasted['kind'], string> = { email: 'e-mail', transcript: 'conversation', log: 'log', text: 'text' };

/** E-mails, transcripts, logs and pointed-at prose, known by their shape (shapes.ts). */
function byShape(text: string): RawFinding[] {
  return pastedBlocks(text).map(({ kind, start, end }) => ({
    message: `This pasted ${NAMED[kind]} is not fenced off from your instructions.`,
    start,
    end,
    fix: wrap(text, kind, start, end),
  }));
}

export const undelimitedInput: LintRule = {
  id: 'undelimited-input',
  severity: 'warning',
  why: 'Without a fence or tags, the model cannot tell where your instructions end and the pasted text begins; a sentence in that text like "ignore the above" can take over the prompt (prompt injection).',
  guidance: GUIDANCE.xmlTags,
  check(text) {
    const data = delimitedRanges(text);
    const out = blocksBelow(text, data);
    for (const f of [...afterColon(text, data), ...firstRequests(text, data), ...byShape(text)])
      if (!out.some((o) => o.start < f.end && f.start < o.end)) out.push(f);
    return out.filter((f) => !underExampleHeading(text, f.start));
  },
};
