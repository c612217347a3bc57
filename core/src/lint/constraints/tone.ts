/** The register asked of the answer: formal or casual. */
import { type Extractor, register, whole } from './patterns';

/**
 * A register word describes the answer when it stands alone or qualifies the writing; followed by any
 * other noun it names what the input holds (a casual conversation to remove, formal decisions to list).
 */
const QUALIFIES = `(?=\\s*(?:[,.;:!?)\\n]|$)|\\s+(?:tone|register|style|language|voice|manner|wording|writing|letter|e-?mail|reply|response|answer|message|prose|text|and|but|or|enough|throughout)\\b)`;

/** Characters before a form of address read for a negation: the negation word and a space. */
const NEGATION_BEFORE = 12;
/** Characters after it read for a negation that follows the verb (French, German), within its sentence. */
const NEGATION_AFTER = 60;

/** A form of address refused: the negation stands before the verb or, in French and German, after it. */
function refused(m: RegExpExecArray): boolean {
  const before = m.input.slice(Math.max(0, m.index - NEGATION_BEFORE), m.index);
  const end = m.index + m[0].length;
  const after = m.input.slice(end, end + NEGATION_AFTER).split(/[.!?\n]/)[0];
  return (
    /\b(?:ne|n'|no|non|não|nicht|never|not)\s*$/i.test(before) ||
    /\b(?:pas|jamais|nicht|nie|niemals|keinesfalls|unter keinen Umständen|auf keinen Fall)\b/i.test(after)
  );
}

export const TONE_EXTRACTORS: readonly Extractor[] = [
  [new RegExp(`(?<![-\\w])(?:formal(?:ly)?|strictly professional)\\b${QUALIFIES}`, 'gi'), register('formal')],
  [new RegExp(`\\b(?:casual(?:ly)?|informal(?:ly)?|chatty|jokey|slang)\\b${QUALIFIES}`, 'gi'), register('casual')],
  [whole('förmlich|formell|formel(?:le)?s?|soutenu|formale'), register('formal')],
  [
    whole('umgangssprachlich|locker|familier|familière|décontractée?|coloquial|colloquiale|descontraíd[oa]'),
    register('casual'),
  ],
  // Forms of address: the polite one in each language, then the familiar one.
  [whole('vouvoi\\w*|vouvoy\\w*|siez\\w*|de usted|dai del Lei|del Lei'), register('formal', refused)],
  [whole(`tutoi\\w*|tutoy\\w*|duz\\w*|de tú|tut[eé]a\\w*|dai del tu|del tu`), register('casual', refused)],
];
