/**
 * The parts of a prompt by role, for judging their language: the author's instruction prose, and the
 * example answers it shows. Fenced or tagged data, quotes, labelled inputs and the blocks under data or
 * example headings are neither instructions nor answers.
 */
import { delimitedRanges, type Span } from './text';

/** A label naming an answer: "Output:", "Example answer:", "Exemple de réponse :", "Beispielausgabe:", "A:". */
const ANSWER_LABEL =
  /^(?:(?:[\p{L}-]+\s+){0,3}(?:output|answer|response|reply|result|assistant|bot|agent|réponse|sortie|respuesta|salida|antwort|ausgabe|risposta|resposta|saída|saida)[\p{L}-]*(?:\s+[\p{L}-]+){0,2}|[\p{L}-]*(?:antwort|ausgabe)|a|r)$/iu;
/** A label naming something given to the model: it is data or an example input, not an answer. */
const INPUT_LABEL =
  /(?:^|\s)(?:input|question|q|user|customer|client|human|prompt|text|review|e-?mail|message|entrée|texte|question|utilisateur|pregunta|entrada|texto|usuario|frage|eingabe|nutzer|kunde|domanda|testo|utente|pergunta|usuário|mensagem)(?:\s|$)/iu;
/** A heading over examples or data: what follows it is not instruction prose. */
const DATA_HEADING =
  /(?:example|sample|input|output|answer|response|text|review|e-?mail|message|article|document|data|transcript|notes?|exemple|entrée|sortie|texte|réponse|ejemplo|entrada|salida|texto|respuesta|beispiel|eingabe|ausgabe|antwort|esempio|testo|risposta|exemplo|resposta|saída|here is|here are|voici|aquí|hier ist|ecco|aqui)/iu;
const LABEL_LINE = /^[ \t]*(?:[-*•][ \t]*)?([\p{L}][\p{L} '-]{0,40}?)[ \t]*:[ \t]*(.*)$/u;
/** Quoted text is someone else's words, not the author's instructions. */
const QUOTED = /"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|„[^“”\n]*[“”]|'[^'\n]{12,}'/g;

export interface PromptParts {
  /** The author's instruction prose, with data and examples blanked out (offsets kept). */
  instructions: string;
  /** Each example answer's text, with where it sits. */
  answers: Span[];
}

export function promptParts(text: string): PromptParts {
  const chars = text.split('');
  const clear = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  for (const [a, b] of delimitedRanges(text)) clear(a, b);
  for (const m of text.matchAll(QUOTED)) clear(m.index, m.index + m[0].length);

  const answers: Span[] = [];
  const lines = text.split('\n');
  let offset = 0;
  /** The block under a heading or an empty label runs to the next blank line. */
  let block: 'answer' | 'data' | undefined;
  let blockStart = 0;
  const closeBlock = (end: number) => {
    if (block === 'answer' && end > blockStart) {
      const body = text.slice(blockStart, end).replace(/```\w*|<\/?[\w-]+>/g, (m) => ' '.repeat(m.length));
      if (body.trim()) answers.push({ text: body, start: blockStart, end });
    }
    block = undefined;
  };
  let fenceOpen = false;
  for (const line of lines) {
    const start = offset;
    offset += line.length + 1;
    if (block) {
      if (/^\s*```/.test(line)) fenceOpen = !fenceOpen;
      if (!line.trim() && !fenceOpen) closeBlock(start);
      else clear(start, start + line.length);
      continue;
    }
    const label = LABEL_LINE.exec(line);
    if (!label) {
      if (/:\s*$/.test(line) && DATA_HEADING.test(line)) {
        block = 'data';
        blockStart = offset;
      }
      continue;
    }
    const [, name, content] = label;
    const isAnswer = ANSWER_LABEL.test(name.trim()) && !INPUT_LABEL.test(name);
    if (!isAnswer && !INPUT_LABEL.test(name) && !DATA_HEADING.test(name)) continue;
    const contentStart = start + line.length - content.length;
    if (content.trim()) {
      clear(contentStart, start + line.length);
      if (isAnswer) answers.push({ text: content, start: contentStart, end: start + line.length });
    } else {
      block = isAnswer ? 'answer' : 'data';
      blockStart = offset;
      fenceOpen = false;
    }
  }
  if (block) closeBlock(text.length);
  return { instructions: chars.join(''), answers };
}
