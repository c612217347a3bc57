/**
 * Numbers written as words, so "a hundred words", "two hundred words" and "cinquante mots" are read as
 * the limits they are. English compounds ("twenty-five", "two hundred and fifty") are combined; the
 * other languages' words are read one at a time, which covers how prompts state lengths.
 */

const EN_UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** French, Spanish, German, Italian and Portuguese number words as prompts use them for lengths. */
const FOREIGN: Record<string, number> = {
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  cent: 100,
  mille: 1000,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  cien: 100,
  mil: 1000,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  zwanzig: 20,
  dreißig: 30,
  vierzig: 40,
  fünfzig: 50,
  hundert: 100,
  tausend: 1000,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
  dieci: 10,
  venti: 20,
  trenta: 30,
  cinquanta: 50,
  cento: 100,
  dois: 2,
  duas: 2,
  três: 3,
  sete: 7,
  oito: 8,
  dez: 10,
  vinte: 20,
  trinta: 30,
  cem: 100,
  soixante: 60,
  'soixante-dix': 70,
  'quatre-vingt': 80,
  'quatre-vingts': 80,
  'quatre-vingt-dix': 90,
  quince: 15,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  fünfzehn: 15,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
  quindici: 15,
  quaranta: 40,
  sessanta: 60,
  settanta: 70,
  ottanta: 80,
  novanta: 90,
  quinze: 15,
  quarenta: 40,
  sessenta: 60,
  oitenta: 80,
  une: 1,
  una: 1,
  uma: 1,
  einen: 1,
  einem: 1,
  einer: 1,
  eine: 1,
};

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

/** Whether a word can start a number ("2", "two", "a" of "a hundred", "cinquante"): a cheap test before parsing. */
export function mayStartNumber(word: string): boolean {
  const c = word.charCodeAt(0);
  if (c >= 48 && c <= 57) return true;
  if (NUMBER_WORDS.has(word)) return true;
  const dash = word.indexOf('-');
  return dash > 0 && NUMBER_WORDS.has(word.slice(0, dash));
}

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
  `(?<![\\wß-öø-ÿ])(?:\\d|a[ -](?:hundred|thousand)\\b|(?:${byLength([...NUMBER_WORDS].filter((w) => w !== 'a'))})(?![\\wß-öø-ÿ]))`,
  'gi',
);
