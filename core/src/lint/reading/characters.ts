/**
 * Named character classes for the rules' regular expressions, written once. Each is the body of a
 * class, to use inside [...] in a RegExp source. No \p{...} property escapes: the browser build spells
 * each one out as a class of about 10 KB. The linter reads Latin-script languages, so a letter is a
 * Latin letter with its accented forms.
 */

/** A letter of the Latin script, accented ones included (French, Spanish, German, Italian, Portuguese). */
export const LETTER = 'a-zA-ZÀ-ÖØ-öø-ÿ\\u0100-\\u024f';
/** A letter or a digit. */
export const WORD_CHAR = `${LETTER}\\d`;
/** Straight and curly quotes, guillemets and the backtick. */
export const QUOTE = '"\'`“”‘’„‚«»‹›';

/** `[${LETTER}]` as a RegExp source: one letter. */
export const A_LETTER = `[${LETTER}]`;
/** Where a word starts: no letter or digit just before it (\b knows only a-z, not accented letters). */
export const WORD_START = `(?<![${WORD_CHAR}])`;
/** Where a word ends: no letter or digit just after it. */
export const WORD_END = `(?![${WORD_CHAR}])`;
