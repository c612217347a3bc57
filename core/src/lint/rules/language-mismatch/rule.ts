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
import { asksUsersLanguage, isAbsolute, type StatedLanguage, saysSameLanguage, statedLanguages } from './stated';
import { promptParts, quotedRanges } from './promptParts';
import { delimitedRanges, insideAny, type Span, sentences } from '../../reading/text';
import type { LintContext, LintRule, RawFinding } from '../../types';

/** Sentences shorter than this are too thin to say which language the instructions switch to. */
const MIN_SENTENCE_WORDS = 6;
/** An example answer needs this many words for its language to count. */
const MIN_ANSWER_WORDS = 6;
/** A long prompt is judged on its first sentences, and its examples in its first characters. */
const MAX_SENTENCES = 40;
const MAX_CHARS = 20_000;
const TRANSLATION_TASK = new RegExp(`(?<![${LETTER}])(?:translat|tradu|traduc|übersetz|traduz)[${LETTER}]*`, 'iu');

const wordCount = (s: string) => s.match(new RegExp(`[${LETTER}]+`, 'gu'))?.length ?? 0;

const answerFix = (text: string, language: string): RawFinding['fix'] => ({
  label: `Say "Answer in ${language}."`,
  start: text.length,
  end: text.length,
  text: `${/\n\s*$/.test(text) || !text.trim() ? '' : '\n\n'}Answer in ${language}.`,
});

/** The words an example answer is made of: a JSON or code example keeps only its string values. */
function answerWords(text: string): string {
  const trimmed = text.trim();
  if (/^[[{<]/.test(trimmed))
    return [...trimmed.matchAll(/"((?:[^"\\]|\\.)*)"\s*(?=[,}\]])/g)].map((m) => m[1]).join('. ');
  return trimmed;
}

interface JudgedSentence {
  language: LanguageName;
  words: number;
  start: number;
  end: number;
  text: string;
}

/**
 * The instruction sentences whose language is clear, in order. Only sentences that tell the model
 * what to do count: unfenced data between them has no say.
 */
function judgedSentences(instructions: string): JudgedSentence[] {
  const out: JudgedSentence[] = [];
  for (const s of sentences(instructions).slice(0, MAX_SENTENCES)) {
    const words = wordCount(s.text);
    if (words < MIN_SENTENCE_WORDS) continue;
    const language = identifyLanguage(s.text);
    if (language && isDirective(s.text, language)) out.push({ language, words, ...s });
  }
  return out;
}

/** Words per language, most first. */
function wordsByLanguage(judged: JudgedSentence[]): Array<[LanguageName, number]> {
  const words = new Map<LanguageName, number>();
  for (const s of judged) words.set(s.language, (words.get(s.language) ?? 0) + s.words);
  return [...words].sort((a, b) => b[1] - a[1]);
}

/** The example answers' language, when they hold enough words to tell. */
function examplesLanguage(answers: Span[], minWords: number): LanguageName | undefined {
  const shown = answers.map((a) => answerWords(a.text)).join('\n');
  return wordCount(shown) >= minWords ? identifyLanguage(shown) : undefined;
}

/** Two firm statements of the answer language that disagree, or a firm one against "the user's language". */
function disagreeingStatements(text: string, firm: StatedLanguage[]): RawFinding[] {
  const other = firm.find((s) => s.language !== firm[0].language);
  if (other)
    return [
      {
        message: `The prompt asks for the answer in ${firm[0].language} and also in ${other.language}: say one language.`,
        start: other.start,
        end: other.end,
      },
    ];
  const absolute = firm.find((s) => isAbsolute(text, s));
  if (absolute && asksUsersLanguage(text))
    return [
      {
        message: `The prompt asks for the answer in the user's language and also always in ${absolute.language}: say one language.`,
        start: absolute.start,
        end: absolute.end,
      },
    ];
  return [];
}

/** The answer language the prompt states, against itself, the workspace's and the examples'. */
function statedLanguageProblems(text: string, stated: StatedLanguage[], context: LintContext): RawFinding[] {
  const firm = stated.filter((s) => s.role === 'answer' && !s.conditional);
  if (!firm.length) return [];
  const disagreeing = disagreeingStatements(text, firm);
  if (disagreeing.length) return disagreeing;
  const said = firm[0];
  const wanted = context.outputLanguage;
  if (wanted && said.language !== wanted && !stated.some((s) => s.language === wanted))
    return [
      {
        message: `The prompt asks for the answer in ${said.language}, but the answer language chosen in the workspace is ${wanted}: make them agree.`,
        start: said.start,
        end: said.end,
      },
    ];
  return [];
}

function unstatedLanguage(text: string, context: LintContext): RawFinding[] {
  const { instructions, answers } = promptParts(text.slice(0, MAX_CHARS));
  // A translation's examples and sentences are in other languages by design.
  const translation = TRANSLATION_TASK.test(instructions);
  const judged = judgedSentences(instructions);
  // The sentences that address the model say most surely which language the instructions are in.
  const said = wordsByLanguage(judged)[0]?.[0] ?? identifyLanguage(instructions);
  if (!said) return [];
  const wanted = context.outputLanguage;
  if (wanted && wanted !== said)
    return [
      {
        message: `The prompt is written in ${said} but the answer is wanted in ${wanted}, and the prompt never says so.`,
        start: 0,
        end: 0,
        fix: answerFix(text, wanted),
      },
    ];
  if (translation) return [];
  const answered = examplesLanguage(answers, MIN_ANSWER_WORDS);
  if (answered && answered !== said)
    return [
      {
        message: `${answers.length > 1 ? 'The example answers are' : 'The example answer is'} in ${answered} but the instructions are in ${said}, and the prompt never says which language to answer in.`,
        start: answers[0].start,
        end: answers[0].end,
        fix: answerFix(text, answered),
      },
    ];
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
    if (stated.length) return statedLanguageProblems(text, stated, context);
    if (saysSameLanguage(text)) return [];
    return unstatedLanguage(text, context);
  },
};
