/**
 * language-mismatch: the answer's language is contradicted ("write in Spanish" ... "use English",
 * or the workspace's answer language against the prompt's), or left unstated while the instructions,
 * their example answers or the workspace option point to different languages. Data in another
 * language (a text to translate or summarise) is no mismatch.
 */
import { LETTER } from '../../reading/characters';
import { GUIDANCE } from '../../guidance';
import { identifyLanguage, type LanguageName } from '../../reading/language';
import { isDirective } from './directive';
import { type StatedLanguage, saysSameLanguage, statedLanguages, TRANSLATE } from './stated';
import { promptParts, quotedRanges } from './promptParts';
import { delimitedRanges, insideAny, type Span, sentences } from '../../reading/text';
import type { LintContext, LintRule, RawFinding } from '../../types';

/** Sentences shorter than this are too thin to say which language they are in. */
const MIN_SENTENCE_WORDS = 6;
/** An example answer needs this many words for its language to count. */
const MIN_ANSWER_WORDS = 6;
/** A long prompt is judged on its first sentences, and its examples in its first characters. */
const MAX_SENTENCES = 40;
const MAX_CHARS = 20_000;

const wordCount = (s: string) => s.match(new RegExp(`[${LETTER}]+`, 'gu'))?.length ?? 0;

const answerFix = (text: string, language: string): RawFinding['fix'] => ({
  label: `Say "Answer in ${language}."`,
  start: text.length,
  end: text.length,
  text: `${/\n\s*$/.test(text) || !text.trim() ? '' : '\n\n'}Answer in ${language}.`,
});

/** One finding at a span, with its fix when there is one. */
const finding = (message: string, at: { start: number; end: number }, fix?: RawFinding['fix']): RawFinding[] => [
  { message, start: at.start, end: at.end, ...(fix && { fix }) },
];

/** The words an example answer is made of: a JSON or code example keeps only its string values. */
function answerWords(text: string): string {
  const trimmed = text.trim();
  if (/^[[{<]/.test(trimmed))
    return [...trimmed.matchAll(/"((?:[^"\\]|\\.)*)"\s*(?=[,}\]])/g)].map((m) => m[1]).join('. ');
  return trimmed;
}

/**
 * The language of the instructions: the one with the most words among the sentences that tell the
 * model what to do (unfenced data between them has no say), else that of the instructions as a whole.
 */
function instructionsLanguage(instructions: string): LanguageName | undefined {
  const words = new Map<LanguageName, number>();
  for (const s of sentences(instructions).slice(0, MAX_SENTENCES)) {
    const count = wordCount(s.text);
    const language = count >= MIN_SENTENCE_WORDS ? identifyLanguage(s.text) : undefined;
    if (language && isDirective(s.text, language)) words.set(language, (words.get(language) ?? 0) + count);
  }
  return [...words].sort((a, b) => b[1] - a[1])[0]?.[0] ?? identifyLanguage(instructions);
}

/** The example answers' language, when they hold enough words to tell. */
function examplesLanguage(answers: Span[]): LanguageName | undefined {
  const shown = answers.map((a) => answerWords(a.text)).join('\n');
  return wordCount(shown) >= MIN_ANSWER_WORDS ? identifyLanguage(shown) : undefined;
}

/** The answer language the prompt states, against itself and against the workspace's. */
function statedLanguageProblems(stated: StatedLanguage[], context: LintContext): RawFinding[] {
  const [said, ...more] = stated.filter((s) => s.answer && !s.conditional);
  if (!said) return [];
  const other = more.find((s) => s.language !== said.language);
  if (other)
    return finding(
      `The prompt asks for the answer in ${said.language} and also in ${other.language}: say one language.`,
      other,
    );
  const wanted = context.outputLanguage;
  if (wanted && said.language !== wanted && !stated.some((s) => s.language === wanted))
    return finding(
      `The prompt asks for the answer in ${said.language}, but the answer language chosen in the workspace is ${wanted}: make them agree.`,
      said,
    );
  return [];
}

/** No answer language stated: the instructions' language against the workspace's and the examples'. */
function unstatedLanguage(text: string, context: LintContext): RawFinding[] {
  const { instructions, answers } = promptParts(text.slice(0, MAX_CHARS));
  const said = instructionsLanguage(instructions);
  if (!said) return [];
  const wanted = context.outputLanguage;
  if (wanted && wanted !== said)
    return finding(
      `The prompt is written in ${said} but the answer is wanted in ${wanted}, and the prompt never says so.`,
      { start: 0, end: 0 },
      answerFix(text, wanted),
    );
  // A translation's examples are in other languages by design.
  if (TRANSLATE.test(instructions)) return [];
  const answered = examplesLanguage(answers);
  if (answered && answered !== said)
    return finding(
      `${answers.length > 1 ? 'The example answers are' : 'The example answer is'} in ${answered} but the instructions are in ${said}, and the prompt never says which language to answer in.`,
      answers[0],
      answerFix(text, answered),
    );
  return [];
}

export const languageMismatch: LintRule = {
  id: 'language-mismatch',
  severity: 'warning',
  why: 'Models usually answer in the language of the instructions. If you expect another language, say it once in the prompt, or the answer comes back in the wrong one.',
  guidance: GUIDANCE.clearAndDirect,
  check(text, context) {
    // Statements inside quotes or fenced data are someone else's words.
    const aside = [...delimitedRanges(text), ...quotedRanges(text)];
    const stated = statedLanguages(text).filter((s) => !insideAny(aside, s.start));
    if (stated.length) return statedLanguageProblems(stated, context);
    if (saysSameLanguage(text)) return [];
    return unstatedLanguage(text, context);
  },
};
