/**
 * language-mismatch: the answer's language is contradicted ("answer in Spanish" ... "reply in English"),
 * or left unstated while the instructions, their examples or the workspace option point to different
 * languages.
 */
import { GUIDANCE } from './guidance';
import { guessLanguage, statedLanguages, statesLanguage } from './language';
import { delimitedRanges, insideAny, sentences } from './text';
import type { LintRule, RawFinding } from './types';

/** Example answers: the text after "Output:" / "Answer:" labels, up to the line's end. */
const ANSWER =
  /^[ \t]*(?:example )?(?:output|response|answer|result|assistant|réponse|respuesta|antwort|sortie|salida|ausgabe|risposta|resposta)[ \t]*:[ \t]*(.+)$/gim;
/** A quoted example after an "example" label in the languages prompts come in. */
const QUOTED_EXAMPLE =
  /^[ \t]*(?:example|exemple|ejemplo|beispiel|esempio|exemplo|voorbeeld)\b[^\n:]{0,60}:[ \t]*\n?[ \t]*([„“"«][^\n]{20,})$/gim;
/** An example of the input ("Exemple de question"), which may be in any language. */
const QUESTION_LABEL =
  /^[ \t]*\S+\s+(?:de |d'|of |für |para |di )?(?:question|pregunta|frage|domanda|input|entrée|entrada|message|nachricht|mensaje)/i;
/** Quoted text is someone else's words, not the author's instructions. */
const QUOTED = /"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|„[^“\n]*“/g;
/** Sentences long enough for a language guess to hold, and a clear lead over the runner-up. */
const MIN_WORDS = 8;
const SENTENCE_RUNNER_UP_MAX = 0.8;
/** A long prompt is judged on its first sentences. */
const MAX_SENTENCES = 25;

function instructionLanguages(text: string): Map<string, number> {
  const data = delimitedRanges(text);
  const counts = new Map<string, number>();
  for (const s of sentences(text).slice(0, MAX_SENTENCES)) {
    if (insideAny(data, s.start, s.end) || /^[ \t]*[\w ]{0,20}:/.test(s.text)) continue;
    const bare = s.text.replace(QUOTED, ' ');
    if (bare.split(/\s+/).length < MIN_WORDS) continue;
    const lang = guessLanguage(bare, SENTENCE_RUNNER_UP_MAX);
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  return counts;
}

export const languageMismatch: LintRule = {
  id: 'language-mismatch',
  severity: 'warning',
  why: 'Models usually answer in the language of the instructions. If you expect another language, say it in the prompt, or the answer comes back in the wrong one.',
  guidance: GUIDANCE.clearAndDirect,
  check(text, context) {
    const stated = statedLanguages(text);
    const other = stated.find((s) => s.language !== stated[0].language);
    if (other) {
      return [
        {
          message: `The prompt asks for the answer in ${stated[0].language} and also in ${other.language}: say one language.`,
          start: other.start,
          end: other.end,
        },
      ];
    }
    if (statesLanguage(text)) return [];
    const answers = [...text.matchAll(ANSWER)];
    let instructions = text;
    for (const a of answers) instructions = instructions.replace(a[0], ' ');
    const said = guessLanguage(instructions.replace(QUOTED, ' '));
    if (!said) return [];
    const end = text.length;
    const fixFor = (lang: string): RawFinding['fix'] => ({
      label: `Say "Answer in ${lang}."`,
      start: end,
      end,
      text: `\n\nAnswer in ${lang}.`,
    });
    if (context.outputLanguage && context.outputLanguage !== said) {
      return [
        {
          message: `The prompt is written in ${said} but the answer is wanted in ${context.outputLanguage}, and the prompt never says so.`,
          start: 0,
          end: 0,
          fix: fixFor(context.outputLanguage),
        },
      ];
    }
    // An example under "Example answer:" / "Exemple de réponse :" / "Beispiel:", quoted, on the same or the next line.
    for (const m of text.matchAll(QUOTED_EXAMPLE)) {
      const body = m[1].replace(/^[„“"«»\s]+|[„“"«»”\s]+$/g, '');
      if (body.split(/\s+/).length < MIN_WORDS) continue;
      const answered = guessLanguage(body);
      if (!answered || answered === said || QUESTION_LABEL.test(m[0])) continue;
      const start = m.index + m[0].lastIndexOf(m[1]);
      return [
        {
          message: `The example is in ${answered} but the instructions are in ${said}, and the prompt never says which language to answer in.`,
          start,
          end: start + m[1].length,
          fix: fixFor(answered),
        },
      ];
    }
    if (answers.length) {
      const answered = guessLanguage(answers.map((a) => a[1]).join(' '));
      if (answered && answered !== said) {
        const first = answers[0];
        const start = first.index + first[0].indexOf(first[1]);
        return [
          {
            message: `The example answers are in ${answered} but the instructions are in ${said}, and the prompt never says which language to answer in.`,
            start,
            end: start + first[1].length,
            fix: fixFor(answered),
          },
        ];
      }
    }
    // Instructions written in two languages leave the answer's language to chance.
    const counts = instructionLanguages(text);
    const judged = [...counts.values()].reduce((a, b) => a + b, 0);
    const mixed = [...counts].filter(([, n]) => n >= 2 && n >= judged / 4).sort((a, b) => b[1] - a[1]);
    if (mixed.length >= 2) {
      return [
        {
          message: `The instructions mix ${mixed[0][0]} and ${mixed[1][0]}, and the prompt never says which language to answer in.`,
          start: 0,
          end: 0,
          fix: fixFor(said),
        },
      ];
    }
    return [];
  },
};
