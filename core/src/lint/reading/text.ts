/** Text helpers shared by the lint rules: sentences, delimited regions, negation, instruction sentences. */

import { lastTexts } from '../lastTexts';
import { anyOf } from './phrases';

export interface Span {
  text: string;
  start: number;
  end: number;
}

/** Sentences and lines: split at . ! ? followed by space, and at line breaks. Offsets exclude surrounding spaces. */
export const sentences: (text: string) => readonly Span[] = lastTexts(splitSentences);

function splitSentences(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/[^\n.!?]+(?:[.!?]+(?=\s|$)|[.!?]+|(?=\n)|$)/g)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (!trimmed) continue;
    out.push({ text: trimmed, start: m.index + lead, end: m.index + lead + trimmed.length });
  }
  return out;
}

/**
 * Regions the author fenced off as data: ``` fences, """ blocks, and <tag>...</tag> pairs.
 * Rules about instructions ignore what is inside them.
 */
export const delimitedRanges: (text: string) => readonly Range[] = lastTexts(findDelimited);

/** A region of the text, [start, end). */
export type Range = readonly [number, number];

function findDelimited(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const m of text.matchAll(/```[\s\S]*?(?:```|$)|"""[\s\S]*?(?:"""|$)/g))
    ranges.push([m.index, m.index + m[0].length]);
  // Each closing tag pairs with the nearest opening one before it: "the <scratchpad> sheet" in a sentence is a mention.
  for (const m of text.matchAll(/<\/([A-Za-z][\w-]{0,40})>/g)) {
    let open = text.lastIndexOf(`<${m[1]}`, m.index);
    while (open >= 0 && !/^[\s>]/.test(text.charAt(open + m[1].length + 1)))
      open = text.lastIndexOf(`<${m[1]}`, open - 1);
    if (open >= 0) ranges.push([open, m.index + m[0].length]);
  }
  return ranges;
}

export function insideAny(ranges: readonly Range[], start: number, end = start): boolean {
  return ranges.some(([a, b]) => start >= a && end <= b);
}

/** Characters before a word searched for its negation: a few short words. */
const NEGATION_REACH = 30;

/** True when a negation ("not", "don't", "avoid", "no", "without") governs the word at `index`. */
export function negatedAt(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - NEGATION_REACH), index).toLowerCase();
  return /\b(?:not|n't|no|never|avoid|without|nor|rather than|instead of)\s+(?:\w+\s+){0,2}$/.test(before);
}

/** Verbs that open a request to the model; an underscore joins the words of a phrase. */
const TASK_VERBS = `
  write summarise summarize list extract classify translate explain describe generate create draft
  answer identify find compare rewrite review analyse analyze give tell return output produce make
  suggest provide convert fix correct evaluate rate score decide determine tag label respond reply
  brainstorm outline propose recommend plan design build compose edit proofread check name pick choose
  select sort rank count calculate solve predict detect flag highlight improve shorten expand turn
  prepare paraphrase rephrase categorise categorize assess critique read use help come_up_with
  put_together format act discuss investigate research teach show
`
  .trim()
  .split(/\s+/)
  .map((w) => w.replace(/_/g, ' '));

const INSTRUCTION_START = new RegExp(
  `^(?:[-*•]\\s+|\\d+[.)]\\s+)?(?:(?:please|now|then|finally|next|first|also|and|kindly)\\s*,?\\s+)*${anyOf(TASK_VERBS)}\\b(?!\\s*:)`,
  'i',
);
const INSTRUCTION_ANYWHERE =
  /\b(?:your (?:task|job|goal) is|you (?:should|must|will|need to|are to)|i (?:want|need|would like) you to|i need (?:a|an|you)|can you|could you|would you|please|help me)\b/i;

/** A sentence that asks the model to do something. */
export function isInstruction(sentence: string): boolean {
  return INSTRUCTION_START.test(sentence) || INSTRUCTION_ANYWHERE.test(sentence);
}
