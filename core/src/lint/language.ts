/**
 * Which language a piece of the prompt is written in (franc-min's trigram model, limited to the
 * languages prompts are commonly written in), and which answer languages the prompt states.
 */
import { francAll } from 'franc-min';

const ISO_NAMES: Record<string, string> = {
  eng: 'English',
  fra: 'French',
  spa: 'Spanish',
  deu: 'German',
  ita: 'Italian',
  por: 'Portuguese',
  nld: 'Dutch',
};
const ONLY = Object.keys(ISO_NAMES);
/** Enough text to tell the language apart; more only costs time on a long prompt. */
const SAMPLE = 3000;
const MIN_LETTERS = 20;

/** Below this the runner-up is too close to the best guess to trust it (scores are relative, best = 1). */
const RUNNER_UP_MAX = 0.95;

/** The likeliest language, or undefined when the text is too short or too close between two to say. */
export function guessLanguage(text: string, runnerUpMax = RUNNER_UP_MAX): string | undefined {
  const sample = text.slice(0, SAMPLE);
  if ((sample.match(/[a-zA-ZÀ-ÖØ-öø-ÿ\u0100-\u024f]/g)?.length ?? 0) < MIN_LETTERS) return undefined;
  const [best, second] = francAll(sample, { only: ONLY, minLength: MIN_LETTERS });
  if (!best || best[0] === 'und' || (second && second[1] > runnerUpMax)) return undefined;
  return ISO_NAMES[best[0]];
}

/** Each language's name as the languages above write it. */
const NAMES: Record<string, string> = {
  English: 'english|anglais|inglés|ingles|englisch|inglese|inglês',
  French: 'french|français|francais|francés|frances|französisch|franzosisch|francese|francês',
  Spanish: 'spanish|espagnol|español|espanol|spanisch|spagnolo|espanhol|castellano',
  German: 'german|allemand|alemán|aleman|deutsch|tedesco|alemão',
  Italian: 'italian|italien|italiano|italienisch',
  Portuguese: 'portuguese|portugais|portugués|portugues|portugiesisch|portoghese|português',
  Dutch: 'dutch|néerlandais|neerlandais|neerlandés|niederländisch|olandese|holandês|nederlands',
};
const ANY_NAME = Object.values(NAMES).join('|');
const nameOf = (word: string) => Object.keys(NAMES).find((lang) => new RegExp(`^(?:${NAMES[lang]})$`, 'i').test(word));

/** Verbs for the answer in these languages: answer, reply, write, translate, respond... */
const ANSWER_VERB =
  'answer\\w*|repl\\w*|respond\\w*|response\\w*|write|writ\\w*|output|return|speak|talk|communicate|translat\\w*|rewrite|summari[sz]e|explain|everything|répon\\w*|repon\\w*|écri\\w*|ecri\\w*|tradu\\w*|antwort\\w*|schreib\\w*|übersetz\\w*|contest\\w*|respond\\w*|escrib\\w*|rispond\\w*|scriv\\w*|respond\\w*|escrev\\w*';
/** "Answer in Spanish", "reply only in English", "traduis en allemand", "auf Deutsch antworten". */
const STATED = new RegExp(
  `\\b(?:${ANSWER_VERB})\\b[^.!?\\n]{0,50}?\\b(?:in|into|en|auf|em|al|au|na|no|a|ins)\\s+(?:(?:the|la|le|el|lingua|idioma|langue|sprache|língua|plain|simple|clear|good)\\s+)?(${ANY_NAME})\\b|\\b(${ANY_NAME})\\s+only\\b|\\b(?:only|always|solely) in (${ANY_NAME})\\b|\\blanguage\\s*:\\s*(${ANY_NAME})\\b|\\b(?:auf|en|em|in) (${ANY_NAME})\\s+(?:antworten|schreiben|répondre|responder|rispondere|escribir)\\b`,
  'gi',
);
/** "the same language as the question", "the user's language": stated, whichever language it is. */
const SAME_AS =
  /\b(?:same language|language of the|user'?s language|in the language (?:of|used|the user)|langue de|misma lengua|mismo idioma|gleichen sprache)\b/i;

export interface StatedLanguage {
  language: string;
  start: number;
  end: number;
}

/** Every answer language the prompt states, in order ("translate from English into French" states French). */
export function statedLanguages(text: string): StatedLanguage[] {
  const out: StatedLanguage[] = [];
  for (const m of text.matchAll(STATED)) {
    const word = m.slice(1).find((g) => g !== undefined);
    const language = word && nameOf(word);
    if (!language) continue;
    const start = m.index + m[0].toLowerCase().lastIndexOf(word.toLowerCase());
    out.push({ language, start, end: start + word.length });
  }
  return out;
}

/** "…, in French, …" without a verb: enough to count as said, not to count as a contradiction. */
const BARE = new RegExp(`\\b(?:in|into|en|auf|em|al|au|a|na)\\s+(?:${ANY_NAME})\\b`, 'i');

/** The prompt says which language to answer in, whichever it is. */
export function statesLanguage(text: string): boolean {
  return SAME_AS.test(text) || BARE.test(text) || statedLanguages(text).length > 0;
}
