/** The answer languages a prompt states ("write it in French", "Sprache: Deutsch"), each with its role and whether it is firm. */
import { LETTER } from '../../reading/characters';
import { L, type LanguageName, languageNames, languageOfName, R, WORD, wordsRegExp } from '../../reading/language';

/**
 * Stems of the words for the answer and for producing it, in the six languages: a word starting with
 * any of them counts.
 */
const ANSWER_WORDS = new RegExp(
  `${L}(?:${[
    'answer|repl|respon|writ|output|return|speak|talk|communicat|translat|rewrit|summar|explain|generat|produc|draft|compos|result|messages? back|everything|feedback',
    'répon|repon|écri|ecri|rédig|redig|tradu|parl|résum|sortie|génèr|fournis|expliqu|communiqu',
    'respuesta|contest|escrib|escrit|redact|habl|resum|salida|gener|explic',
    'antwort|beantwort|schreib|verfass|übersetz|sprich|sprechen|zusammenfass|ausgabe|formulier|erklär|kommunizier',
    'rispond|rispost|scriv|scritt|riassum|riassunt|spieg',
    'respost|escrev|redij|fal|saída|saida',
  ].join('|')})`,
  'iu',
);
/** A word for translating (stems): the languages around it are the source's and the target's. */
export const TRANSLATE = new RegExp(`${L}(?:translat|tradu|übersetz)`, 'iu');

/** "in/into/en/auf/…" (with an optional article or "the language"): the language is where the answer goes. */
const TARGET_BEFORE = new RegExp(
  `${L}(?:in|into|en|auf|ins|nach|em|al|au|a|à|na|no|vers|para|ao|sur|alla|in lingua|in der|auf der)\\s+(?:(?:the|la|le|el|lo|l'|o|a|der|die|das|plain|simple|clear|good|proper|buen|bon|gutem?|lingua|langue|idioma|língua|sprache|language)\\s*)*$`,
  'iu',
);
/** "from/de/aus/dal/del/do …": the language the input comes in. */
const SOURCE_BEFORE = new RegExp(
  `${L}(?:from|de|d'|du|des|aus|vom|dal|dall'|dallo|del|dello|desde|do|da)\\s*(?:(?:the|la|le|el|lo|l'|dem|der|il|o)\\s*)*$`,
  'iu',
);
/** Things given to the model rather than produced by it. */
const INPUT_NOUN = wordsRegExp(
  'text|texts|article|articles|e-?mails?|messages?|documents?|notes|transcripts?|conversations?|chats?|calls?|recordings?|files?|content|material|pdf|reviews?|comments?|posts?|sentences?|words?|questions?|input|data|paragraphs?|source|texte|textes|courriels?|avis|phrases?|mots?|texto|textos|artículos?|correos?|mensajes?|reseñas?|frases?|palabras?|preguntas?|entrada|nachricht*|artikel|bewertung*|satz|sätze|wörter|fragen?|eingabe|testo|testi|articol[oi]|messaggi?o?|recension[ei]|parol[ae]|domand[ae]|artigos?|mensage*|avaliaç*|palavras?|perguntas?|who|qui|quien|quienes|welche|chi|writes|speaks|parle|parlent|écrivent|habla|hablan|escriben|spricht|schreibt|parla|parlano|scrivono|fala|falam|escrevem',
);
/** "written in", "is in": whose language it is depends on the clause's subject. */
const WRITTEN = wordsRegExp(
  'written|is|are|be|écrit*|rédigé*|est|soit|sont|être|escrit*|redactad*|es|sea|esté|está|ser|geschrieben|verfasst|ist|sein|sind|scritt*|redatt*|è|sia|essere|é|seja|estar',
);

/** Words that make a statement conditional or contrastive: it does not fix one answer language. */
const CONDITIONAL = wordsRegExp(
  'if|unless|otherwise|when|whenever|whichever|si|sinon|lorsque|quand|wenn|falls|sonst|ansonsten|cuando|caso|se|qualora|altrimenti|quando|senão|else|both|ambos|beide*|entrambi',
);
/** A negation a few words before the language: "not in English", "pas en anglais", "nicht auf Englisch". */
const NEGATION = wordsRegExp(
  'not|never|no|nor|avoid|instead of|rather than|pas|jamais|ni|sans|évite*|nicht|nie|niemals|kein*|ohne|statt|anstatt|nunca|sin|en lugar de|en vez de|evita*|non|mai|senza|invece|não|nem|em vez de|evite',
);
const NEGATED_BEFORE = new RegExp(
  `(?:${NEGATION.source}|n't|plutôt qu'(?:en|au|à)?)(?:[\\s,]+[${LETTER}'-]+){0,4}\\s*$`,
  'iu',
);
const LANGUAGE_WORD = `${L}(?:language|langue|idioma|[${LETTER}]*sprache|lingua|língua|lengua)`;
/** "Language: French", "Output language: French", "Sprache: Deutsch". */
const LANGUAGE_LABEL = new RegExp(`${LANGUAGE_WORD}(?:\\s+[${LETTER}']+){0,3}\\s*:\\s*$`, 'iu');
/** "The output language is", "La langue de la réponse est", "El idioma de salida debe ser el". */
const LANGUAGE_IS = new RegExp(
  `${LANGUAGE_WORD}(?:\\s+[${LETTER}']+){0,4}?\\s+(?:is|must be|should be|will be|est|doit être|sera|es|debe ser|será|ist|è|deve essere|sarà|é|deve ser|será)\\s+(?:(?:the|l'|le|la|el|il|o|a|in)\\s*)?$`,
  'iu',
);
const USE = /^(?:use|utilise|utilisez|usa|utiliza|verwende|benutze|nutze|verwenden|utilizza|utilize)$/iu;
const SOURCE_LABEL =
  /(?:input|source|original|entrée|d'origine|entrada|origen|eingabe|quell|ausgangs|ingresso|origem|du texte|del texto|des textes|do texto|del testo)/iu;
/** Words that only soften or narrow a short statement: "En español, por favor", "Auf Deutsch, bitte". */
const FILLER =
  /^(?:please|por|favor|s'il|te|vous|plaît|plait|bitte|per|only|solo|sólo|seulement|uniquement|nur|soltanto|apenas|solamente|always|toujours|siempre|immer|sempre|thanks|merci|gracias|danke|grazie|obrigad[oa])$/iu;

export interface StatedLanguage {
  language: LanguageName;
  start: number;
  end: number;
  /** The answer must be in it; otherwise it is only mentioned (a translation's target, a text's language). */
  answer: boolean;
  /** Under a condition ("if the user writes in Spanish") or one of several: it fixes no single language. */
  conditional: boolean;
}

/** A clause break at i: a line break, ". ", "; ", "! ", "? " or ".\n". */
function breaksAt(text: string, i: number): boolean {
  const c = text[i];
  if (c === '\n') return true;
  const next = text[i + 1];
  return ((c === '.' || c === ';' || c === '!' || c === '?') && next === ' ') || (c === '.' && next === '\n');
}

/**
 * The clause around an index: from the last sentence or clause break before it to the next after it.
 * Found by walking out from the index, not by searching the whole text for each kind of break.
 */
function clauseAround(text: string, start: number, end: number): { before: string; after: string; whole: string } {
  let from = start - 1;
  while (from >= 0 && !(text[from] === '\n' || (breaksAt(text, from) && text[from + 1] === ' '))) from--;
  let to = end;
  while (to < text.length && !breaksAt(text, to)) to++;
  const before = text.slice(from + 1, start);
  const after = text.slice(end, to);
  return { before, after, whole: `${before}${text.slice(start, end)}${after}` };
}

const wordsIn = (s: string) => s.match(WORD) ?? [];

/** "Translate it to French": the language a translation goes into. */
const TO_BEFORE = new RegExp(`${L}to\\s+(?:the\\s+)?$`, 'iu');
/** After "use Spanish", what makes it the answer's language: "for every reply", "throughout", or nothing. */
const USE_FOR = new RegExp(
  `^\\s*(?:$|[.,;:!)]|(?:for|pour|para|für|per|throughout|only|in|dans|en|bei|nelle|nas|em)${R})`,
  'iu',
);
const NEXT_WORD = new RegExp(`^\\s*(?:language\\s+)?([${LETTER}]+)`, 'u');
const PREVIOUS_WORD = new RegExp(`([${LETTER}]+)\\s*$`, 'u');

/**
 * Whether a language mention states the answer's language (true) or only mentions one (false);
 * undefined when it names the input's language or is negated.
 */
function statesAnswer(before: string, after: string, whole: string): boolean | undefined {
  const near = before.slice(-40);
  if (NEGATED_BEFORE.test(near)) return undefined;
  if (LANGUAGE_LABEL.test(near)) return SOURCE_LABEL.test(near) ? undefined : true;
  if (SOURCE_BEFORE.test(near) && !TARGET_BEFORE.test(near)) return undefined;
  if (!TARGET_BEFORE.test(near)) {
    // "an English answer", "eine deutsche Antwort", "une réponse anglaise", "in plain English only".
    // "Spanish-speaking customers" names an audience, not the answer.
    const nextWord = NEXT_WORD.exec(after)?.[1] ?? '';
    const prevWord = PREVIOUS_WORD.exec(before)?.[1] ?? '';
    if (ANSWER_WORDS.test(nextWord) && !INPUT_NOUN.test(nextWord)) return true;
    if (ANSWER_WORDS.test(prevWord) && !INPUT_NOUN.test(prevWord) && !TRANSLATE.test(prevWord)) return true;
    if (TO_BEFORE.test(near) && TRANSLATE.test(whole)) return false;
    // "The language of the answer is Spanish", "La langue de réponse est l'anglais".
    if (LANGUAGE_IS.test(near)) return SOURCE_LABEL.test(near) ? undefined : true;
    // "Use Spanish for every reply", "Verwende Deutsch." (but "use English units" says nothing of the answer).
    if (USE.test(prevWord) && USE_FOR.test(after)) return true;
    // A fragment of its own, softened or narrowed: "Deutsch, bitte." / "English only."
    const others = wordsIn(`${before} ${after}`);
    return others.length > 0 && others.every((w) => FILLER.test(w)) ? true : undefined;
  }
  const lead = wordsIn(before.replace(TARGET_BEFORE, ''));
  // A short fragment of its own: "En español, por favor." / "In English only."
  if ([...lead, ...wordsIn(after)].every((w) => FILLER.test(w))) return true;
  // "the email in French", "messages written in German": the input's language, or unclear.
  if (INPUT_NOUN.test(lead.slice(-3).join(' '))) return false;
  // "the answer must be written in English" states it; "the article is written in German" does not.
  if (WRITTEN.test(lead.slice(-3).join(' '))) {
    const subject = lead.slice(-6).join(' ').replace(new RegExp(WRITTEN.source, 'giu'), ' ');
    return ANSWER_WORDS.test(subject) && !INPUT_NOUN.test(subject);
  }
  if (TRANSLATE.test(whole)) return false;
  // The answer verb or noun governs the language from within ten words ("write the output in Italian", "auf
  // Deutsch antworten"), and not across quoted words: in 'explain "ser" and "estar" in Spanish' the
  // language is the quoted words'.
  return (
    (ANSWER_WORDS.test(lead.slice(-10).join(' ')) && !/["“”«»„]/.test(before.slice(before.search(ANSWER_WORDS)))) ||
    ANSWER_WORDS.test(wordsIn(after).slice(0, 3).join(' '))
  );
}

/** Two languages named side by side ("in English and in French", "auf Deutsch oder Englisch"). */
const JOINED =
  /^\s*(?:,|and|or|et|ou|und|oder|y|o|e|ou|as well as|then|puis|dann|luego|poi|depois)\s+(?:(?:also|aussi|auch|también|anche|também|then|in|en|auf|em|into)\s+)*$/iu;

/** Every language the prompt names, in order of appearance, and whether it is the answer's. */
export function statedLanguages(text: string): StatedLanguage[] {
  const out: StatedLanguage[] = [];
  for (const m of languageNames(text)) {
    const language = languageOfName(m[0]);
    if (!language) continue;
    const [start, end] = [m.index, m.index + m[0].length];
    const { before, after, whole } = clauseAround(text, start, end);
    const answer = statesAnswer(before, after, whole);
    if (answer !== undefined) out.push({ language, start, end, answer, conditional: CONDITIONAL.test(whole) });
  }
  // Languages listed together are asked together (a bilingual answer), not against each other.
  for (let i = 1; i < out.length; i++)
    if (JOINED.test(text.slice(out[i - 1].end, out[i].start))) out[i - 1].conditional = out[i].conditional = true;
  return out;
}

/** "the same language as the question", "the user's language": stated, whichever language it is. */
const SAME_AS = new RegExp(
  `${L}(?:same language|language of the|user'?s language|customer'?s language|in the language|(?:même|la) langue (?:que|de|du)|langue de l|mismo idioma|misma lengua|idioma del|gleichen sprache|sprache de[rs]|stessa lingua|lingua del|mesmo idioma|idioma d[oa])`,
  'iu',
);

/** The prompt asks for the answer in the language of the question or the user, whichever it is. */
export const saysSameLanguage = (text: string) => SAME_AS.test(text);
