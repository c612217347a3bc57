/**
 * The prompt score of spec section 9, clamped to 0..100. Interpretation choices:
 * - the text is trimmed first (surrounding whitespace neither helps nor hurts);
 * - word count = whitespace-separated tokens;
 * - keywords match case-insensitively at the start of a word ("Examples", "specifically" count;
 *   "information" does not count as "format");
 * - "dash or bullet" = -, en/em dash, •, or a '*' list marker at a line start;
 * - "more than one line break" = at least two '\n'.
 * Every regex here is a single pass with no nested quantifiers: linear time on any input.
 */
const SCORE_BASE = 30;
const SCORE_WORDS_FULL = 20; // 20..200 words
const SCORE_WORDS_PARTIAL = 10; // 10..19 words
const SCORE_QUESTION = 5;
const SCORE_POLITE = 5;
const SCORE_SPECIFIC = 10;
const SCORE_EXAMPLE = 10;
const SCORE_COLON = 5;
const SCORE_BULLET = 5;
const SCORE_LINE_BREAKS = 5;
const PENALTY_SHORT = 20; // under 20 characters
const PENALTY_LONG = 10; // over 1000 characters
const PENALTY_NO_END = 5; // not ending with . ! or ?
const SHORT_CHARS = 20;
const LONG_CHARS = 1000;

const POLITE = /\b(please|kindly|could\s+you)/i;
const SPECIFIC = /\b(specific|detailed|comprehensive)/i;
const EXAMPLE = /\b(example|format|style)/i;
const BULLET = /[-\u2013\u2014\u2022]|^[ \t]*\*[ \t]/m;
const ENDS_WELL = /[.!?]$/;

export function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space =
      c === 32 ||
      (c >= 9 && c <= 13) ||
      c === 160 ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x3000 ||
      (c >= 0x2000 && c <= 0x200a);
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      count++;
    }
  }
  return count;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && n < 2; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function scorePrompt(text: string): number {
  const t = (typeof text === 'string' ? text : '').trim();
  let score = SCORE_BASE;
  const words = wordCount(t);
  if (words >= 20 && words <= 200) score += SCORE_WORDS_FULL;
  else if (words >= 10 && words <= 19) score += SCORE_WORDS_PARTIAL;
  if (t.includes('?')) score += SCORE_QUESTION;
  if (POLITE.test(t)) score += SCORE_POLITE;
  if (SPECIFIC.test(t)) score += SCORE_SPECIFIC;
  if (EXAMPLE.test(t)) score += SCORE_EXAMPLE;
  if (t.includes(':')) score += SCORE_COLON;
  if (BULLET.test(t)) score += SCORE_BULLET;
  if (countNewlines(t) > 1) score += SCORE_LINE_BREAKS;
  if (t.length < SHORT_CHARS) score -= PENALTY_SHORT;
  if (t.length > LONG_CHARS) score -= PENALTY_LONG;
  if (!ENDS_WELL.test(t)) score -= PENALTY_NO_END;
  return Math.max(0, Math.min(100, score));
}
