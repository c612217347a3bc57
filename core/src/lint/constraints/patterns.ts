/** Building blocks of the constraint patterns, and the shape of one extractor. */
import { EN_NUMBER, FOREIGN_NUMBER, numberValue } from '../reading/numberWords';
import { LETTER } from '../reading/characters';
import { type Format, type SlotValue, unitOf } from './slot';

/** A whole word or phrase of `source` (which starts with an ASCII letter, so \b marks its start). */
export const whole = (source: string) => new RegExp(`\\b(?:${source})(?![${LETTER}\\d])`, 'gi');

export const NUM = `(${EN_NUMBER})`;
export const FOREIGN_NUM = `(${FOREIGN_NUMBER})`;

/** Things counted in an answer: list entries of any kind. */
const ITEM_NOUNS =
  'bullet points|bullets|items|points|steps|examples|ideas|reasons|tips|sections|options|questions|names|suggestions|alternatives|titles|headlines';
export const UNIT = `words?|sentences?|lines?|paragraphs?|characters?|chars|${ITEM_NOUNS}`;
export const COUNTED = `sentences?|lines?|paragraphs?|${ITEM_NOUNS}`;
export const FOREIGN_UNIT =
  '(Wörtern?|Worte|mots|palabras|parole|palavras|Sätzen?|phrases|frases|frasi|Absätzen?|paragraphes|párrafos|paragrafi|parágrafos)';

/** A number read from a match; a number the reader does not know counts as one. */
export const n = (token: string) => numberValue(token) ?? 1;

/**
 * A pattern that starts with a number: it is tried only where a number starts (sticky, see extract.ts)
 * instead of at every word, which on a long prompt is most of its cost.
 */
export const NUMBER_FIRST = new WeakSet<RegExp>();
export function numberFirst(source: string): RegExp {
  const re = new RegExp(`(?:${source})(?![${LETTER}\\d])`, 'giy');
  NUMBER_FIRST.add(re);
  return re;
}

/** A pattern and what a match of it says (undefined: nothing after all). */
export type Extractor = readonly [RegExp, (m: RegExpExecArray) => SlotValue | undefined];

/** A size read from a match whose first group is the number and second the unit. */
export const sized =
  (kind: 'max' | 'min' | 'count') =>
  (m: RegExpExecArray): SlotValue => ({ kind, unit: unitOf(m[2]), n: n(m[1]) });

/** A form asked of the answer, whatever the match says. */
export const asks = (format: Format) => (): SlotValue => ({ kind: 'format', format, only: false });

/** A form forbidden, whatever the match says. */
export const bans = (format: Format) => (): SlotValue => ({ kind: 'forbid', format });

/** A register asked of the answer, unless the match is refused. */
export const register =
  (register: 'formal' | 'casual', refused: (m: RegExpExecArray) => boolean = () => false) =>
  (m: RegExpExecArray): SlotValue | undefined =>
    refused(m) ? undefined : { kind: 'register', register };
