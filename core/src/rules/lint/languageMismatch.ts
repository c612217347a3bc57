/** language-mismatch: instructions in one language, the answer expected in another, and the prompt never says so. */
import { GUIDANCE } from './guidance';
import { guessLanguage, statesLanguage } from './language';
import type { LintRule, RawFinding } from './types';

/** Example answers: the text after "Output:" / "Answer:" labels, up to the line's end. */
const ANSWER = /^[ \t]*(?:example )?(?:output|response|answer|result|assistant|réponse|respuesta|antwort|sortie|salida|ausgabe)[ \t]*:[ \t]*(.+)$/gim;

export const languageMismatch: LintRule = {
  id: 'language-mismatch',
  severity: 'warning',
  why: 'Models usually answer in the language of the instructions. If you expect another language, say it in the prompt, or the answer comes back in the wrong one.',
  guidance: GUIDANCE.clearAndDirect,
  check(text, context) {
    if (statesLanguage(text)) return [];
    const answers = [...text.matchAll(ANSWER)];
    let instructions = text;
    for (const a of answers) instructions = instructions.replace(a[0], ' ');
    const said = guessLanguage(instructions);
    if (!said) return [];
    const end = text.length;
    const fixFor = (lang: string): RawFinding['fix'] => ({ label: `Say "Answer in ${lang}."`, start: end, end, text: `\n\nAnswer in ${lang}.` });
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
    if (!answers.length) return [];
    const answered = guessLanguage(answers.map((a) => a[1]).join(' '));
    if (!answered || answered === said) return [];
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
  },
};
