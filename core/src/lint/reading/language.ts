/**
 * Which language a piece of the prompt is written in, and which answer languages the prompt states.
 * Identification combines franc-min's trigram model (reliable on long spans only) with the function
 * words of each language (reliable on short spans too); a span neither can judge gets no language.
 */
import { LETTER } from './characters';
import { francAll } from 'franc-min';

export const LANGUAGE_NAMES = ['English', 'French', 'Spanish', 'German', 'Italian', 'Portuguese'] as const;
export type LanguageName = (typeof LANGUAGE_NAMES)[number];

const ISO: Record<string, LanguageName> = {
  eng: 'English',
  fra: 'French',
  spa: 'Spanish',
  deu: 'German',
  ita: 'Italian',
  por: 'Portuguese',
};
const ONLY = Object.keys(ISO);

/** Frequent function words of each language; a word several languages share counts for each a share. */
const FUNCTION_WORDS: Record<LanguageName, string> = {
  English:
    'the and of to is are with for that this you your it be on not or as from by each every will should what which when have has all one an if do does at than then into about must would can a our we my i me us their they there these those how who any only also just in per',
  French:
    'le les des du et est une un pour dans que qui avec sur pas ne vous tu ton ta tes ce cette ces au aux sont être nous votre vos mais il elle leur plus très chaque sans doit dois faut comme si ou été fait toujours jamais aussi la de',
  Spanish:
    'el los las del y es una un para con que por se su sus al como más pero está son tu usted cada lo muy también ser hay este esta estos debe debes sin siempre nunca o si cuando donde nos a nuestro nuestra la de no',
  German:
    'der die das und ist ein eine einen nicht mit für auf den dem des zu von sich du sie es wir ich im dass oder auch wie bei nach werden wird bitte dein deine immer jede jeden jedes kein keine nur sind aus zum zur einem einer in',
  Italian:
    'il lo gli della di e è che per con non una un del nel alla sono come più anche ogni tuo tua questo questa essere delle degli dei sul ma ha hai devi sempre mai se o al ai le la senza nella a nostro nostra in per no',
  Portuguese:
    'o os as do da dos das e é que para com não uma um no na em ao à você seu sua cada mais também ser são está pelo pela isso este esta sem sempre nunca se ou deve nos a nosso nossa de',
};
const WORD_LANGUAGES = new Map<string, LanguageName[]>();
for (const lang of LANGUAGE_NAMES)
  for (const w of FUNCTION_WORDS[lang].split(' ')) WORD_LANGUAGES.set(w, [...(WORD_LANGUAGES.get(w) ?? []), lang]);

export const WORD = new RegExp(`[${LETTER}']+`, 'gu');

/** Per language, the share of function-word evidence in the span, and how many words carried it. */
function functionWordScores(text: string): { scores: Map<LanguageName, number>; hits: number } {
  const scores = new Map<LanguageName, number>();
  let hits = 0;
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const langs = WORD_LANGUAGES.get(word.replace(/^'+|'+$/g, ''));
    if (!langs) continue;
    hits++;
    for (const l of langs) scores.set(l, (scores.get(l) ?? 0) + 1 / langs.length);
  }
  return { scores, hits };
}

const ranked = (scores: Map<LanguageName, number>) => [...scores].sort((a, b) => b[1] - a[1]);

/** Trigrams tell languages apart from about this many letters on, and decide alone from the second. */
const FRANC_MIN_LETTERS = 40;
const FRANC_ALONE_LETTERS = 100;
/** Enough text to tell the language; more only costs time on a long prompt. */
const SAMPLE = 3000;
/** Function words it takes to lead: one alone may be a loan word or a name. */
const MIN_FUNCTION_WORDS = 2;
/** The leader's function-word score (a shared word counts a share) it takes for the words to decide. */
const MIN_WORDS_SCORE = 1.5;
/** How many times the runner-up's score the leader must have for the function words to decide. */
const WORDS_LEAD = 2;
/** franc's runner-up scores relative to its best (1): above this the two are a tie, and franc abstains. */
const FRANC_TIE = 0.97;
/** Function words that outweigh franc on a span too short for franc to decide alone. */
const WORDS_OVER_FRANC = 3;
const letters = (text: string) => text.match(new RegExp(`[${LETTER}]`, 'gu'))?.length ?? 0;

/**
 * The language a span is written in, or undefined when the evidence is thin or split. Function words
 * decide a short span (at least two, twice the runner-up's); on a longer one franc must agree with them,
 * and franc alone decides only a long span the function words do not contradict.
 */
export function identifyLanguage(text: string): LanguageName | undefined {
  const sample = text.slice(0, SAMPLE);
  const { scores, hits } = functionWordScores(sample);
  const [best, second] = ranked(scores);
  const wordsLead = best && hits >= MIN_FUNCTION_WORDS ? best[0] : undefined;
  const byWords =
    wordsLead && best[1] >= MIN_WORDS_SCORE && best[1] >= WORDS_LEAD * (second?.[1] ?? 0) ? wordsLead : undefined;
  const size = letters(sample);
  if (size < FRANC_MIN_LETTERS) return byWords;
  const [first, runnerUp] = francAll(sample, { only: ONLY, minLength: FRANC_MIN_LETTERS });
  const byTrigrams = first && first[0] !== 'und' && !(runnerUp && runnerUp[1] > FRANC_TIE) ? ISO[first[0]] : undefined;
  // Two witnesses agreeing settle it even when each alone is not sure.
  if (byTrigrams && wordsLead === byTrigrams) return byTrigrams;
  if (byWords && byTrigrams) return size < FRANC_ALONE_LETTERS && hits >= WORDS_OVER_FRANC ? byWords : undefined;
  if (byWords) return byWords;
  const contradicted = best && byTrigrams && (scores.get(byTrigrams) ?? 0) < best[1];
  return size >= FRANC_ALONE_LETTERS && !contradicted ? byTrigrams : undefined;
}

/** Each language's name, as noun and adjective, in the six languages. */
const NAMES: Record<LanguageName, string> = {
  English: 'english|anglais(?:e|es)?|ingl[eé]s(?:a|as|es)?|englisch(?:e|en|er|es|em)?|ingles[ei]|ingl[eê]s|inglesa',
  French: 'french|fran[cç]ais(?:e|es)?|franc[eé]s(?:a|as|es)?|franz[oö]sisch(?:e|en|er|es|em)?|frances[ei]|franc[eê]s',
  Spanish:
    'spanish|espagnol(?:e|es|s)?|espa[nñ]ol(?:a|as|es)?|castellano|spanisch(?:e|en|er|es|em)?|spagnol[oaie]|espanhol(?:a|as)?',
  German:
    'german|allemand(?:e|es|s)?|alem[aá]n(?:a|as)?|alemanes|deutsch(?:e|en|er|es|em)?|tedesc[oaih]+|alem[aã]o|alem[aã]',
  Italian: 'italian|italien(?:ne|nes|s)?|italian[oaie]|italienisch(?:e|en|er|es|em)?',
  Portuguese:
    'portuguese|portugais(?:e|es)?|portugu[eé]s(?:a|as|es)?|portugiesisch(?:e|en|er|es|em)?|portoghes[ei]|portugu[eê]s',
};
const NAME_OF = LANGUAGE_NAMES.map((l) => [l, new RegExp(`^(?:${NAMES[l]})$`, 'iu')] as const);
export const languageOfName = (word: string) => NAME_OF.find(([, re]) => re.test(word))?.[0];

export const L = `(?<![${LETTER}])`;
export const R = `(?![${LETTER}])`;

/**
 * A RegExp matching any of the `|`-separated words or phrases as whole words; `*` after a stem stands
 * for any further letters ("répon*" for "réponds", "répondez", "réponse").
 */
export const wordsRegExp = (words: string, flags = 'iu') =>
  new RegExp(`${L}(?:${words.replaceAll('*', `[${LETTER}]*`)})${R}`, flags);

/**
 * The names as whole words. The scan has no look-behind, which V8 would try at every position: a hit
 * right after a letter is dropped instead (a name holds only letters, so such a hit never hides a real one).
 */
const NAME_SCAN = new RegExp(`(?:${Object.values(NAMES).join('|')})${R}`, 'giu');
const NO_LETTER_BEFORE = new RegExp(L, 'uy');

export function* languageNames(text: string): Generator<RegExpExecArray> {
  for (const m of text.matchAll(NAME_SCAN)) {
    NO_LETTER_BEFORE.lastIndex = m.index;
    if (NO_LETTER_BEFORE.test(text)) yield m;
  }
}

/** The text names one of the six languages. */
export const mentionsLanguage = (text: string) => !languageNames(text).next().done;
