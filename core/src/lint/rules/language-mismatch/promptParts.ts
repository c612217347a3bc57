/**
 * The parts of a prompt by role, for judging their language: the author's instruction prose, and the
 * example answers it shows. Fenced or tagged data, quotes, labelled inputs and the blocks under data or
 * example headings are not instructions; example answers are the text after answer labels ("Output:",
 * "Modèle de sortie :", "A:"), the blocks under them or under an answer template, and a bare example
 * block that holds no labelled input.
 */
import { LETTER } from '../../reading/characters';
import { mentionsLanguage, wordsRegExp } from '../../reading/language';
import { delimitedRanges, type Span } from '../../reading/text';

/** What the model produces, in the six languages ("Beispielantwort" and other compounds too). */
const ANSWER_WORD = wordsRegExp(
  'output|answer|response|reply|result|assistant|bot|agent|summary|réponse|reponse|sortie|résumé|respuesta|salida|resumen|*antwort|*ausgabe|*zusammenfassung|risposta|riassunto|resposta|saída|saida|resumo',
);
/** What is given to the model. */
const INPUT_WORD = wordsRegExp(
  'input|question|q|user|customer|client|human|prompt|text|review|e-?mail|message|entrée|texte|utilisateur|avis|pregunta|entrada|texto|usuario|reseña|mensaje|frage|eingabe|nutzer|kunde|nachricht|domanda|testo|utente|recensione|messaggio|pergunta|usuário|mensagem|avaliação',
);
const TEMPLATE_WORD = wordsRegExp(
  'format|template|structure|formato|plantilla|estructura|modèle|gabarit|vorlage|struktur|modello|struttura|modelo|estrutura',
);
const EXAMPLE_WORD = wordsRegExp('examples?|e\\.g|exemples?|ejemplos?|beispiel*|esempi[o]?|exemplos?');
const DATA_WORD = wordsRegExp('article|document|data|transcript|notes?|here is|here are|voici|aquí|hier ist|ecco|aqui');
/** An example given inline and quoted, ending its line: 'Par exemple : « … »', 'e.g. "…"'. */
const INLINE_EXAMPLE = new RegExp(
  `${EXAMPLE_WORD.source}([^\\n"“«„]{0,30}?)("[^"\\n]+"|“[^”\\n]+”|«[^»\\n]+»|„[^“”\\n]+[“”])\\s*[.!]?\\s*$`,
  'iu',
);
/** A one-letter answer label of a question-answer pair. */
const SHORT_ANSWER = /^(?:a|r)$/i;
const LABEL_LINE = new RegExp(
  String.raw`^[ \t]*(?:[-*•][ \t]*)?([${LETTER}][${LETTER} '.-]{0,40}?)[ \t]*:[ \t]*(.*)$`,
  'u',
);
/** Quoted text is someone else's words, not the author's instructions. */
const QUOTED = new RegExp(
  String.raw`"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|„[^“”\n]*[“”]|(?<![${LETTER}])'[^'\n]{12,}'(?![${LETTER}])`,
  'gu',
);

/** Where the prompt quotes someone else's words. */
export const quotedRanges = (text: string): Array<[number, number]> =>
  [...text.matchAll(QUOTED)].map((m) => [m.index, m.index + m[0].length]);

type Kind = 'answer' | 'input' | 'template' | 'example' | 'data';

/** Instructions that run on after a colon ("Do not answer in English: …") are no labels. */
const NOT_A_LABEL = new RegExp(
  String.raw`^\s*(?:do|don't|never|always|please|make|ne|n'|no|nunca|siempre|nicht|nie|immer|non|mai|sempre|não|toujours|jamais)(?![${LETTER}])`,
  'iu',
);

/** What a heading or label announces; the first of the answer and input words it holds decides. */
function kindOf(heading: string): Kind | undefined {
  if (NOT_A_LABEL.test(heading) || mentionsLanguage(heading)) return undefined;
  if (SHORT_ANSWER.test(heading.trim())) return 'answer';
  const answer = ANSWER_WORD.exec(heading)?.index ?? Number.POSITIVE_INFINITY;
  const input = INPUT_WORD.exec(heading)?.index ?? Number.POSITIVE_INFINITY;
  if (answer < input) return 'answer';
  if (input < answer) return 'input';
  if (TEMPLATE_WORD.test(heading)) return 'template';
  if (EXAMPLE_WORD.test(heading)) return 'example';
  if (DATA_WORD.test(heading)) return 'data';
  return undefined;
}

interface PromptParts {
  /** The author's instruction prose, with data and examples blanked out (offsets kept). */
  instructions: string;
  /** Each example answer's text, with where it sits. */
  answers: Span[];
}

/** A bare example whose text reads as an input ("X → positive") shows no answer. */
const ARROW = /→|->|=>/;

export function promptParts(text: string): PromptParts {
  const chars = text.split('');
  const clear = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  for (const [a, b] of delimitedRanges(text)) clear(a, b);
  for (const [a, b] of quotedRanges(text)) clear(a, b);

  const answers: Span[] = [];
  const pushAnswer = (start: number, end: number) => {
    const body = text.slice(start, end).replace(/```\w*|<\/?[\w-]+>/g, (m) => ' '.repeat(m.length));
    if (body.trim()) answers.push({ text: body, start, end });
  };
  /** The open block: what it holds, where its body starts, whether it held labelled parts. */
  let block: { kind: Kind; start: number; labelled: boolean } | undefined;
  let fenceOpen = false;
  const closeBlock = (end: number) => {
    if (!block) return;
    const { kind, start, labelled } = block;
    const plainExample = kind === 'example' && !labelled && !ARROW.test(text.slice(start, end));
    if (kind === 'answer' || kind === 'template' || plainExample) pushAnswer(start, end);
    block = undefined;
  };
  let offset = 0;
  /** The content of the last one-line label: [start, end, where the next line starts]. */
  let lastLabel: [number, number, number] | undefined;
  for (const line of text.split('\n')) {
    const start = offset;
    const end = start + line.length;
    offset = end + 1;
    if (block) {
      if (/^\s*```/.test(line)) fenceOpen = !fenceOpen;
      if (!line.trim() && !fenceOpen) {
        // Blank lines between a heading and its block belong to neither.
        if (start === block.start) block.start = offset;
        else closeBlock(start);
        continue;
      }
      clear(start, end);
      if (block.kind === 'template' || block.kind === 'answer') continue;
      const inner = LABEL_LINE.exec(line);
      const innerKind = inner ? kindOf(inner[1]) : undefined;
      if (inner && (innerKind === 'answer' || innerKind === 'input')) {
        block.labelled = true;
        if (innerKind === 'answer' && inner[2].trim()) pushAnswer(end - inner[2].length, end);
        else if (innerKind === 'answer') block = { kind: 'answer', start: offset, labelled: true };
      }
      continue;
    }
    const inline = INLINE_EXAMPLE.exec(line);
    if (inline && !INPUT_WORD.test(inline[1]) && !ARROW.test(line)) {
      const quoteStart = start + inline.index + inline[0].lastIndexOf(inline[2]);
      pushAnswer(quoteStart + 1, quoteStart + inline[2].length - 1);
      continue;
    }
    const label = LABEL_LINE.exec(line);
    const heading = label ? label[1] : /:\s*$/.test(line) ? line : undefined;
    const kind = heading === undefined ? undefined : kindOf(heading);
    const previousLabel = lastLabel?.[2] === start ? lastLabel : undefined;
    lastLabel = label?.[2].trim() ? [end - label[2].length, end, offset] : undefined;
    if (!kind || (kind === 'template' && label?.[2].trim())) continue;
    const content = label?.[2] ?? '';
    if (content.trim()) {
      clear(end - content.length, end);
      // The turn just before an answer ("Guest: …" then "Assistant: …") is its input, whatever its label.
      if (kind === 'answer' && previousLabel) clear(previousLabel[0], previousLabel[1]);
      if (kind === 'answer') pushAnswer(end - content.length, end);
    } else {
      block = { kind, start: offset, labelled: false };
      fenceOpen = false;
    }
  }
  closeBlock(text.length);
  return { instructions: chars.join(''), answers };
}
