/**
 * A sentence's wording reduced to what says something: its content words, cut to a stem so that
 * inflections meet, and the numbers it holds.
 */
import { LETTER } from '../../reading/characters';

/** Letters kept of each word: enough to tell words apart, few enough for plurals and tenses to meet. */
const STEM_LENGTH = 5;
/** Words shorter than this are mostly function words in the languages the linter reads. */
const MIN_WORD_LENGTH = 4;

const WORD = new RegExp(`[${LETTER}]{${MIN_WORD_LENGTH},}|\\d+(?:[.,]\\d+)?`, 'g');

/** Frequent English words of four letters or more that name no instruction. */
const FUNCTION_WORDS = new Set(
  'that|this|these|those|with|from|your|yours|will|must|should|would|could|have|each|every|into|about|they|them|their|there|than|then|also|only|what|which|when|where|please|make|sure'.split(
    '|',
  ),
);

/** A name the author gave a part of the answer: a word in capitals, or a quoted phrase. */
const NAME = /\b[A-Z][A-Z]+\b|["“][^"”\n]{1,40}["”]/g;

/**
 * The names on the line holding a span: the same words on two lines about two named parts (sections,
 * fields) are two instructions.
 */
export function namesAround(text: string, at: { start: number; end: number }): string {
  const lineStart = text.lastIndexOf('\n', at.start - 1) + 1;
  const lineEnd = text.indexOf('\n', at.end);
  return [...text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).matchAll(NAME)].map((m) => m[0]).join(' ');
}

export interface Wording {
  /** Names of parts the sentence itself mentions. */
  names: string;
  /** Stems of the content words. */
  stems: ReadonlySet<string>;
  /** The numbers, in order: two instructions with other numbers are different instructions. */
  numbers: string;
}

export function wordingOf(sentence: string): Wording {
  const stems = new Set<string>();
  const numbers: string[] = [];
  for (const [word] of sentence.toLowerCase().matchAll(WORD)) {
    if (/^\d/.test(word)) numbers.push(word);
    else if (!FUNCTION_WORDS.has(word)) stems.add(word.slice(0, STEM_LENGTH));
  }
  return { stems, numbers: numbers.join(' '), names: [...sentence.matchAll(NAME)].map((m) => m[0]).join(' ') };
}

/** How many content words two wordings have in common. */
export function shared(a: Wording, b: Wording): number {
  let count = 0;
  for (const s of a.stems) if (b.stems.has(s)) count++;
  return count;
}

/** The share of content words two wordings have in common (Dice's coefficient), 0 to 1. */
export const overlap = (a: Wording, b: Wording) => (2 * shared(a, b)) / (a.stems.size + b.stems.size);
