/**
 * Whether a word in a sentence is about the input rather than the answer: "The text contains several
 * errors" describes what the model is given; "Translate this short story" and "Here is a short note"
 * name the input; "List a few risks" asks for output. Used by vague-quantifier.
 */
import { LETTER } from './characters';
import { isTaskSentence } from './taskSentence';
import type { Span } from './text';

/** A finite verb of description in the six languages: the clause says what something is or has. */
const DESCRIBES = new RegExp(
  String.raw`(?<![\w${LETTER}])(?:contains?|has|have|had|includes?|is|are|was|were|asks?|asked|writes?|wrote|sends?|sent|mentions?|lists?|comes?|arrives?|contient|contiennent|ont|est|sont|écrit|envoie|contiene|contienen|tiene|tienen|son|escribió|escribe|envía|enthält|enthalten|hat|haben|ist|sind|schreibt|schrieb|schickt|contengono|hanno|è|sono|scrive|scrisse|contém|contêm|tem|têm|é|são|escreveu|escreve|envia|envoient|écrivent|envían|escriben|mandan|schicken|schreiben|inviano|scrivono|enviam|escrevem|reçoit|recibe|erhält|riceve|recebe|receives?|gets)(?![\w${LETTER}])`,
  'i',
);
/** Words that put the clause on the answer's side: "your reply is short", "the answer should be brief". */
const ABOUT_ANSWER = new RegExp(
  String.raw`(?<![\w${LETTER}])(?:you|your|answer|answers|reply|replies|response|responses|output|should|must|réponse|réponds|ta|ton|tes|votre|vos|respuesta|responde|tu|tus|su|antwort|antworte|dein|deine|ihre|risposta|rispondi|tuo|tua|resposta|responda|seu|sua)(?![\w${LETTER}])`,
  'i',
);
/** Characters before the word searched for a verb or "Here is" naming it as input: a few words. */
const NAMES_INPUT_REACH = 60;
/** The word is the object of a verb that consumes input, or follows "Here is": "Translate this short story". */
const NAMES_INPUT =
  /(?:\b(?:here is|here's|here are|below is|voici|voilà|aquí está|aquí tienes|hier ist|ecco|aqui está)\s+(?:a|an|the|my|our|un|une|una|ein|eine|einen|um|uma|le|la|el|il)?\s*|\b(?:translate|summari[sz]e|correct|proofread|classify|tag|label|analy[sz]e|read|review|check|fix|edit|rewrite|categori[sz]e|traduis|traduisez|résume|corrige|traduce|übersetze|traduci|traduza)\s+(?:this|these|that|those|the|ce|cet|cette|ces|este|esta|estos|estas|diesen|diese|dieses|questo|questa|questi|queste)\s+)$/i;

/** The clause of `sentence` holding the character at `at`, and where that character is in it. */
function clauseAt(sentence: string, at: number): { clause: string; at: number } {
  const from = Math.max(sentence.lastIndexOf(';', at - 1), sentence.lastIndexOf(':', at - 1)) + 1;
  const stops = [sentence.indexOf(';', at), sentence.indexOf(':', at)].filter((i) => i >= 0);
  return { clause: sentence.slice(from, stops.length ? Math.min(...stops) : sentence.length), at: at - from };
}

/** "For every product in the list, ": a lead-in before the order. */
const LEAD_IN = /^[^,]{0,80},\s*/;
/** The clause orders something, after an optional lead-in: "For every product in the list, return ...". */
const orders = (clause: string) => isTaskSentence(clause.trim()) || isTaskSentence(clause.trim().replace(LEAD_IN, ''));

/**
 * The word at `at` in `sentence` describes or names the input, not the answer: the clause holding it
 * describes something (a verb of description before the word) and neither orders anything nor speaks
 * of the answer.
 */
export function aboutInput(sentence: string, at: number): boolean {
  if (NAMES_INPUT.test(sentence.slice(Math.max(0, at - NAMES_INPUT_REACH), at))) return true;
  const { clause, at: i } = clauseAt(sentence, at);
  const describes = DESCRIBES.test(clause.slice(0, i)) || THIRD_PARTY.test(clause.trim());
  return describes && !ABOUT_ANSWER.test(clause) && !orders(clause);
}

/** A clause about what other people do: "Guests send a few photos after the party". */
const THIRD_PARTY = new RegExp(
  String.raw`^(?:people|customers?|clients?|users?|applicants?|candidates?|students?|visitors?|readers?|guests?|employees?|staff|they|he|she|someone|everyone|most|les clients|los clientes|die kunden|i clienti|os clientes|les utilisateurs|los usuarios|die nutzer|gli utenti|os usuários)(?![\w${LETTER}])`,
  'i',
);

/** Characters before the word searched for "the", "these"...: the article and its space. */
const DEFINITE_REACH = 12;
/** "the several choices", "these many steps": a set that already exists, not a count to produce. */
const DEFINITE_BEFORE = /\b(?:the|these|those|its|their|all the)\s+$/i;
/** "as many as needed", "when applicable", "if needed": an allowance, not a vague count asked for. */
const HEDGE =
  /\b(?:when (?:applicable|appropriate|relevant|needed|necessary)|where (?:applicable|appropriate|relevant|needed)|if (?:applicable|appropriate|needed|necessary|any|relevant)|as needed)\b/i;
/** Thinking, not writing: "Consider a few options first", "Carefully study several causes" (an adverb may lead). */
const THINKING =
  /^(?:[-*•]\s+)?(?:(?:first|then|now|also),?\s+)?(?:[a-z]+ly\s+)?(?:think|consider|study|reflect|imagine|spend|explore|look at|read|research|take a step back)\b/i;
const WRITES = /\b(?:write|list|give|provide|output|include|produce|return|suggest|name|create|generate|add)\b/i;

/** Where one step of a sentence ends: "Think about it, then write ...". */
const THEN = /,\s*(?:and )?then\b|;/;

/** A vague count that is not a quantity of the answer: a definite set, an allowance, the model's own thinking. */
export function notAnOutputCount(span: Span, at: number, word: string): boolean {
  const i = at - span.start;
  const before = span.text.slice(Math.max(0, i - DEFINITE_REACH), i);
  // The model's thinking in this step of the sentence: "Consider several plans, then write ...".
  const step = span.text.slice(0, i).split(THEN).pop() ?? '';
  const rest = span.text.slice(i).split(THEN)[0];
  return (
    (/^(?:various|multiple|many|numerous)$/i.test(word) && DEFINITE_BEFORE.test(before)) ||
    (/^(?:many|much)$/i.test(word) && /\bas\s+$/i.test(before)) ||
    HEDGE.test(span.text) ||
    (THINKING.test(step.trim()) && !WRITES.test(step + rest))
  );
}
