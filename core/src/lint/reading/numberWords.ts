/**
 * Numbers written as words, so "a hundred words", "two hundred words" and "cinquante mots" are read as
 * the limits they are. English compounds ("twenty-five", "two hundred and fifty") are combined; the
 * other languages' words are read one at a time, which covers how prompts state lengths.
 */
import { WORD_CHAR } from './characters';

const EN_UNITS: Record<string, number> = Object.fromEntries([
  ...'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((w, i) => [w, i]),
  ...'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((w, i) => [w, 20 + 10 * i]),
]);

/** French, Spanish, German, Italian and Portuguese number words as prompts use them for lengths, by value. */
const FOREIGN_BY_VALUE: Record<number, string> = {
  1: 'une una uma eine einen einem einer',
  2: 'deux dos zwei due dois duas',
  3: 'trois tres drei tre três',
  4: 'quatre cuatro vier quattro',
  5: 'cinq cinco fünf cinque',
  6: 'seis sechs sei',
  7: 'sept siete sieben sette sete',
  8: 'huit ocho acht otto oito',
  9: 'neuf nueve neun nove',
  10: 'dix diez zehn dieci dez',
  15: 'quince fünfzehn quindici quinze',
  20: 'vingt veinte zwanzig venti vinte',
  30: 'trente treinta dreißig trenta trinta',
  40: 'quarante cuarenta vierzig quaranta quarenta',
  50: 'cinquante cincuenta fünfzig cinquanta',
  60: 'soixante sesenta sechzig sessanta sessenta',
  70: 'soixante-dix setenta siebzig settanta',
  80: 'quatre-vingt quatre-vingts ochenta achtzig ottanta oitenta',
  90: 'quatre-vingt-dix noventa neunzig novanta',
  100: 'cent cien hundert cento cem',
  1000: 'mille mil tausend',
};
const FOREIGN: Record<string, number> = Object.fromEntries(
  Object.entries(FOREIGN_BY_VALUE).flatMap(([value, words]) => words.split(' ').map((w) => [w, Number(value)])),
);

/** Longest first, so "seventeen" is not read as "seven". */
const byLength = (words: string[]) => [...words].sort((a, b) => b.length - a.length).join('|');
const EN_WORD = `(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(?:one|two|three|four|five|six|seven|eight|nine)|${byLength(Object.keys(EN_UNITS))})`;

/**
 * A number in English: digits ("1,000"), words ("twenty-five"), or a multiple of a hundred or a thousand
 * ("a hundred", "two hundred and fifty"). A regexp source with no capturing group.
 */
export const EN_NUMBER = `(?:\\d[\\d,]*(?:\\.\\d+)?|(?:(?:a|one|${EN_WORD})[ -](?:hundred|thousand)(?:(?: and)? ${EN_WORD})?|hundred|${EN_WORD}))`;

/** A number in digits or in one word of French, Spanish, German, Italian or Portuguese. */
export const FOREIGN_NUMBER = `(?:\\d[\\d,]*|${byLength(Object.keys(FOREIGN))})`;

function englishWords(words: string): number | undefined {
  let total = 0;
  let current = 0;
  const parts = words.toLowerCase().split(/[\s-]+/);
  if (parts[0] === 'and' || parts[parts.length - 1] === 'and') return undefined;
  for (const w of parts) {
    if (w === 'and') continue;
    if (w === 'a') current = 1;
    else if (w in EN_UNITS) current += EN_UNITS[w];
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return undefined;
  }
  return total + current;
}

const NUMBER_WORDS = new Set([...Object.keys(EN_UNITS), ...Object.keys(FOREIGN), 'a', 'hundred', 'thousand']);

/** The value of a number written in digits or words, or undefined for anything else. */
export function numberValue(token: string): number | undefined {
  const t = token.trim();
  if (/^\d[\d,]*(?:\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  const foreign = FOREIGN[t.toLowerCase()];
  if (foreign !== undefined) return foreign;
  return t ? englishWords(t) : undefined;
}

/** Where a number may start: a digit, or a number word ("a" only before "hundred" or "thousand"). */
export const NUMBER_START = new RegExp(
  `(?<![${WORD_CHAR}])(?:\\d|a[ -](?:hundred|thousand)\\b|(?:${byLength([...NUMBER_WORDS].filter((w) => w !== 'a'))})(?![${WORD_CHAR}]))`,
  'gi',
);
