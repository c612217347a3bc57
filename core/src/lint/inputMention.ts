/**
 * Whether a word in a sentence is about the input rather than the answer: "The text contains several
 * errors" describes what the model is given; "Translate this short story" and "Here is a short note"
 * name the input; "List a few risks" asks for output. Used by vague-quantifier.
 */
import { isTaskSentence } from './taskSentence';

/** A finite verb of description in the six languages: the clause says what something is or has. */
const DESCRIBES =
  /(?<![\wÀ-ÿ])(?:contains?|has|have|had|includes?|is|are|was|were|asks?|asked|writes?|wrote|sends?|sent|mentions?|lists?|comes?|arrives?|contient|contiennent|ont|est|sont|écrit|envoie|contiene|contienen|tiene|tienen|son|escribió|escribe|envía|enthält|enthalten|hat|haben|ist|sind|schreibt|schrieb|schickt|contengono|hanno|è|sono|scrive|scrisse|contém|contêm|tem|têm|é|são|escreveu|escreve|envia)(?![\wÀ-ÿ])/i;
/** Words that put the clause on the answer's side: "your reply is short", "the answer should be brief". */
const ABOUT_ANSWER =
  /(?<![\wÀ-ÿ])(?:you|your|answer|answers|reply|replies|response|responses|output|should|must|réponse|réponds|ta|ton|tes|votre|vos|respuesta|responde|tu|tus|su|antwort|antworte|dein|deine|ihre|risposta|rispondi|tuo|tua|resposta|responda|seu|sua)(?![\wÀ-ÿ])/i;
/** The word is the object of a verb that consumes input, or follows "Here is": "Translate this short story". */
const NAMES_INPUT =
  /(?:\b(?:here is|here's|here are|below is|voici|voilà|aquí está|aquí tienes|hier ist|ecco|aqui está)\s+(?:a|an|the|my|our|un|une|una|ein|eine|einen|um|uma|le|la|el|il)?\s*|\b(?:translate|summari[sz]e|correct|proofread|classify|tag|label|analy[sz]e|read|review|check|fix|edit|rewrite|categori[sz]e|traduis|traduisez|résume|corrige|traduce|übersetze|traduci|traduza)\s+(?:this|these|that|those|the|ce|cet|cette|ces|este|esta|estos|estas|diesen|diese|dieses|questo|questa|questi|queste)\s+)$/i;

/** The clause of `sentence` holding the character at `at`, and where that character is in it. */
function clauseAt(sentence: string, at: number): { clause: string; at: number } {
  const from = Math.max(sentence.lastIndexOf(';', at - 1), sentence.lastIndexOf(':', at - 1)) + 1;
  const stops = [sentence.indexOf(';', at), sentence.indexOf(':', at)].filter((i) => i >= 0);
  return { clause: sentence.slice(from, stops.length ? Math.min(...stops) : sentence.length), at: at - from };
}

/** The clause orders something, after an optional lead-in: "For every product in the list, return ...". */
const orders = (clause: string) => {
  const c = clause.trim();
  return isTaskSentence(c) || isTaskSentence(c.replace(/^[^,]{0,80},\s*/, ''));
};

/**
 * The word at `at` in `sentence` describes or names the input, not the answer: the clause holding it
 * describes something (a verb of description before the word) and neither orders anything nor speaks
 * of the answer.
 */
export function aboutInput(sentence: string, at: number): boolean {
  if (NAMES_INPUT.test(sentence.slice(Math.max(0, at - 60), at))) return true;
  const { clause, at: i } = clauseAt(sentence, at);
  return DESCRIBES.test(clause.slice(0, i)) && !ABOUT_ANSWER.test(clause) && !orders(clause);
}
