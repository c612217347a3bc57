/** The words that introduce pasted data: "Here is the review:", "Customer email:", "My first ask is:". */
import { QUOTE } from '../../reading/characters';
import { anyOf } from '../../reading/phrases';
import { startsWithTask } from '../../reading/text';

/** What people paste into a prompt, in the six languages the linter reads. */
const DATA_NOUNS = (
  'text article review email e-mail message document transcript conversation chat data input passage content ' +
  'code log logs essay paragraph story feedback comment comments notes report ticket query question post tweet ' +
  'abstract excerpt snippet letter description answer reply context source entries clause contract sentence ' +
  'page thread html json csv table record statement quote speech lyrics poem recipe policy terms plan function ' +
  'texte texto testo mensaje mensagem messaggio nachricht courriel correo reseña recensione bewertung avaliação ' +
  'commentaire comentario comentário commento kommentar pregunta frage domanda pergunta documento dokument ' +
  'artículo articolo artigo artikel conversación conversa conversazione gespräch avis'
).split(' ');
const NOUN = anyOf([...DATA_NOUNS, 'user input', 'customer message', 'chat log']);

/** An order to the model: "Ensure ...", "Each line must ...". */
const DIRECTIVE = /^(?:ensure|make sure|always|never|do not|don't)\b|^(?:the|your)\b[^.]{0,60}\b(?:must|should)\b/i;

export const dataIntros = {
  /** A line ending in a colon that names the data, the data below it. */
  line: new RegExp(`^[^\\n]{0,120}\\b(${NOUN})s?\\b[^\\n:]{0,40}:[ \\t]*$`, 'gim'),
  /** The data on the same line, after the colon, at least a long sentence of it. */
  inline: new RegExp(`\\b(${NOUN})s?\\b[^\\n:.]{0,40}:[ \\t]+(?![\\s${QUOTE}<{\\[])([^\\n]{80,})`, 'gi'),
  /** "My first ask is: ..." (not "... is to ...", "... is about ...": those describe it). */
  firstRequest:
    /\bmy first ((?:suggestion |bullet |sql |code )?(?:request|question|command|sentence|move|prompt|message|input|query|statement|word|line|task|suggestion|text|code|object|topic|point))(?:\s+(?:is|will be)\s*:?|\s*:)\s*(?<=[\s:])(?!(?:to|about|that|going|related|regarding|as follows)\b)([^\s"'“‘„‚«‹<`{[(][^\n]+)/gi,
  /** The line introduces a format, rules or examples, not data. */
  notData:
    /\b(?:should|must|will|would be|could be|needs? to|include|includes|contain|contains|cover|format|structure|rules?|steps?|instructions?|guidelines?|requirements?|criteria|sections?|example|examples|following (?:fields|keys|questions)|questions? to answer)\b/i,
  /** "with one category: billing, bug or account" introduces choices; "in <doc> tags" means the data is fenced elsewhere. */
  notInlineData:
    /\b(?:with|as|into|in the form|one of|categor(?:y|ies)|labels?|tags?|keys?|columns?|options?|choices?)\b|\b(?:catégor|categor|kategor)|[<>]/i,
};

/** A list, or sentences telling the model what to do: the author's own instructions, not pasted data. */
export function readsAsInstructions(block: string): boolean {
  const first = block.trimStart().split('\n', 1)[0];
  return /^(?:[-*•]|--|\d+[.)]|#)\s/.test(first) || startsWithTask(first) || DIRECTIVE.test(first);
}

/** The tag name for a data noun: "e-mail" -> "email", "reseña" -> "resena". */
export const tagFor = (noun: string) =>
  noun
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^e_mail$/, 'email');
