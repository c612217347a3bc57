/**
 * Whether a sentence tells the model what to do, beyond the English task verbs of text.ts: an
 * imperative in French, Spanish, German, Italian or Portuguese, a question put to the model, a
 * second-person description of its job ("You handle requests from ..."), or a stated goal.
 */
import { LETTER } from './characters';
import { isInstruction } from './text';

/** An imperative first, after an optional lead-in ("Avec ce fichier, propose ..."), or a role given. */
export const FOREIGN_TASK = new RegExp(
  String.raw`^(?:[^,.\n]{0,50},\s*)?(?:(?:s'il te plaît|s'il vous plaît|por favor|bitte|per favore),?\s+)?(?:explique[zs]?|décri[st]|décrivez|écri[st]|écrivez|rédige[zs]?|donne[zs]?|raconte[zs]?|di[st]|dites|propose[zs]?|résume[zs]?|analyse[zs]?|aide[zs]?|réponds|répondez|classe[zs]?|traduis|traduisez|génère[zs]?|crée[zs]?|liste[zs]?|identifie[zs]?|compare[zs]?|fournis|fournissez|indique[zs]?|explica|describe|escribe|redacta|dame|dime|cuéntame|propón|resume|analiza|ayúdame|responde|clasifica|genera|crea|enumera|identifica|compara|traduce|proporciona|indica|erkläre?|beschreibe?|schreibe?|gib|erzähle?|sag|nenne?|fasse|analysiere|hilf|antworte|erstelle|klassifiziere|übersetze|vergleiche|liste|formuliere|spiega(?:mi)?|descrivi|scrivi|dammi|dimmi|racconta(?:mi)?|proponi|riassumi|analizza|aiutami|rispondi|classifica|genera|crea|elenca|identifica|confronta|traduci|fornisci|indica|explique|descreva|escreva|dê|diga|conte|me conte|proponha|resuma|analise|ajude|responda|classifique|gere|crie|liste|identifique|compare|traduza|forneça|indique)(?![${LETTER}])|^(?:tu es|vous êtes|agis comme|eres|actúa como|du bist|handle als|agisci come|sei un|você é|atue como|aja como)\b`,
  'i',
);

/** "You answer questions from shop staff", "You always return YAML": the model's job, said to it. */
const YOU_DO =
  /^(?:[-*•]\s+)?you (?:always |only |will |must |should |then |also |now |first )?(?!(?:are|were|have|had|may|might|can't|cannot|could|know|see|get|understand|excel|speciali[sz]e|possess|love|like|enjoy|come)\b)[a-z]{3,}\b/i;
/** "The aim here is to draft ...", "Our aim is to ...". */
const GOAL = /\b(?:goal|task|job|purpose|objective|mission|aim)\b[^.\n]{0,40}?\b(?:is|are)\s+to\s+[a-z]/i;
/** Imperatives the shared list leaves out, at a sentence's or a list item's start. */
const MORE_VERBS =
  /^(?:[-*•]\s+|\d+[.)]\s+)?(?:take|think|look|consider|focus|imagine|follow|combine|ensure|make sure|include|start|begin|treat|assume|prioriti[sz]e|answer|add|mention|keep|leave|offer|share|stay|avoid|limit|cover)\b/i;

/** Characters a question needs to be a request: a shorter one ("Why?", "OK?") is a fragment. */
const MIN_QUESTION_CHARS = 10;

/** A sentence that tells the model what to do, in any of the six languages. */
export function isTaskSentence(sentence: string): boolean {
  return (
    isInstruction(sentence) ||
    FOREIGN_TASK.test(sentence) ||
    (sentence.endsWith('?') && sentence.length >= MIN_QUESTION_CHARS) ||
    YOU_DO.test(sentence) ||
    GOAL.test(sentence) ||
    MORE_VERBS.test(sentence)
  );
}
