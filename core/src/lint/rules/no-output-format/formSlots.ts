import { LETTER } from '../../reading/characters';
/**
 * Whether a sentence sets a form or length slot for the answer, in English, French, Spanish, German,
 * Italian or Portuguese. The slots are typed by structure, not by a list of whole sentences:
 * - a length counted: a number (digits or a number word) before a unit ("3 steps", "zwei Sätzen");
 * - a named artefact that has a form, introduced as one thing to produce ("a haiku", "une liste");
 * - a closed answer: a yes/no pair, a scale, "one word", "just the tag";
 * - a form word: format, bullets, step by step, "en forme de";
 * - a vague length (a length all the same: vague-quantifier's, not no-output-format's);
 * - a reply held to one thing, a fixed reply, a measured size, a named deliverable ("write a poem").
 * Text-wide shapes (an example answer, a template to fill, a schema) are read by `showsForm`.
 */

const L = LETTER;
/** Whole words in any of the six languages: \b does not know accented letters. */
const word = (alternation: string) => `(?<![${L}-])(?:${alternation})(?![${L}-])`;

const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|a single|single|un|une|deux|trois|quatre|cinq|six|sept|huit|dix|uno|una|dos|tres|cuatro|cinco|seis|siete|diez|ein|eine|einen|einem|einer|zwei|drei|vier|fünf|sechs|zehn|due|tre|quattro|sei|sette|dieci|um|uma|dois|duas|três|quatro|dez';
/** Units a length or a count of the answer is measured in. */
const UNITS =
  // English
  'words?|sentences?|lines?|paragraphs?|characters?|chars|pages?|bullets?|bullet points?|points?|items?|steps?|ideas?|options?|examples?|tips?|reasons?|questions?|sections?|parts?|names?|titles?|headlines?|taglines?|slogans?|tweets?|hashtags?|emojis?|keywords?|verses?|stanzas?|minutes?|slides?|columns?|rows?|scenes?|versions?|variations?|alternatives?|suggestions?|' +
  // French
  'mots?|phrases?|lignes?|paragraphes?|caractères?|puces?|étapes?|idées?|exemples?|conseils?|raisons?|titres?|parties?|diapositives?|colonnes?|' +
  // Spanish
  'palabras?|frases?|líneas?|párrafos?|caracteres?|viñetas?|puntos?|pasos?|ideas?|ejemplos?|consejos?|razones?|títulos?|partes?|columnas?|' +
  // German
  'wörtern?|worte|wort|sätzen?|satz|zeilen?|absätzen?|absatz|zeichen|stichpunkten?|punkten?|punkte|schritten?|schritte|ideen|idee|beispiele?n?|tipps?|gründen?|titeln?|spalten?|folien|' +
  // Italian
  'parole|parola|frasi|righe|riga|paragrafi|paragrafo|caratteri|punti|punto|passi|passaggi|idee|esempi|consigli|motivi|titoli|colonne|' +
  // Portuguese
  'palavras?|linhas?|parágrafos?|tópicos?|pontos?|passos?|ideias?|exemplos?|dicas?|razões|títulos?|colunas?';
const COUNTED = new RegExp(
  `(?:\\d+|${word(NUMBER_WORDS)})(?:\\s*(?:-|to|à|a|bis|e)\\s*\\d+)?[\\s-]+(?:[${L}-]+\\s+){0,2}?${word(UNITS)}`,
  'i',
);

/** Things to produce whose name says their form. */
const ARTEFACTS =
  // English
  'e-?mail|letter|regular expression|regexp|tweet|post|haiku|poem|sonnet|limerick|song|lyrics|story|essay|article|headline|title|slogan|tagline|caption|bio|summary|tl;?dr|table|list|checklist|json|csv|yaml|xml|markdown|code|function|script|query|regex|program|recipe|itinerary|menu|timeline|outline|report|memo|press release|speech|toast|joke|riddle|quiz|dialogue|one-liner|subject line|name|number|score|rating|percentage|word|sentence|paragraph|diagram|chart|flowchart|mnemonic|acrostic|cover letter|resume|cv|faq|agenda|schedule|invoice|contract|abstract|blog post|newsletter|jingle|rap|advert|advertisement|review|routine|tutorial|emoji|out-of-office reply|' +
  // French
  'courriel|lettre|nom|poème|haïku|chanson|histoire|titre|légende|tableau|liste|résumé|fonction|requête|recette|discours|blague|devinette|phrase|mot|paragraphe|' +
  // Spanish
  'correo(?: electrónico)?|nombre|carta|tuit|poema|canción|historia|cuento|artículo|título|eslogan|tabla|lista|resumen|guion|función|consulta|receta|discurso|chiste|frase|palabra|párrafo|' +
  // German
  'brief|namen|gedicht|lied|geschichte|artikel|überschrift|titel|tabelle|liste|zusammenfassung|skript|funktion|abfrage|rezept|rede|witz|satz|wort|absatz|' +
  // Italian
  'lettera|nome|poesia|canzone|storia|articolo|titolo|tabella|elenco|riassunto|funzione|ricetta|discorso|barzelletta|frase|parola|paragrafo|' +
  // Portuguese
  'carta|poema|canção|história|artigo|título|tabela|lista|resumo|roteiro|função|consulta|receita|discurso|piada|frase|palavra|parágrafo';
const ONE_THING = "a|an|one|a single|un|une|uno|una|ein|eine|einen|einem|einer|um|uma|un'|als";
/** "a haiku", "une courte liste", "eine Tabelle", "as a table", "in einem Wort": one artefact to produce. */
const ARTEFACT = new RegExp(
  // "tips on building a portfolio" is advice about a thing, not the answer; "writing a haiku" still asks for one.
  `(?<!\\b(?!(?:writ|draft|creat|compos|produc|generat|prepar|mak)ing\\b)[a-z]+ing\\s+)${word(ONE_THING)}\\s*(?:[${L}-]+\\s+){0,2}?${word(ARTEFACTS)}`,
  'i',
);

/** A closed answer: a pair to pick from, a scale, one word, only the label. */
const CLOSED = new RegExp(
  [
    word(
      'yes or no|yes/no|true or false|oui ou (?:par )?non|vrai ou faux|sí o no|si o no|verdadero o falso|ja oder nein|wahr oder falsch|richtig oder falsch|sì o no|vero o falso|sim ou não|verdadeiro ou falso',
    ),
    `${word(
      'from|between|de|del|entre|von|zwischen|da|tra|on a scale of|sur une échelle de|en una escala del?|auf einer skala von|su una scala da|numa escala de|em uma escala de',
    )}\\s+[01]\\s+(?:to|and|à|a|al|y|et|bis|und|e)\\s+\\d{1,3}(?!\\d)`,
    '\\b(?:out of|sur|su) (?:5|10|100)\\b|/10\\b',
    word(
      'one of(?: the following| these)?\\s*:|one of (?:these|the following)|one word|a single word|un seul mot|un mot|en un mot|una (?:sola )?palabra|en una palabra|(?:mit )?(?:einem|ein) (?:einzigen )?wort|una (?:sola )?parola|uma (?:única )?palavra|numa palavra',
    ),
    // "just the tag", "just the number", "solo la etiqueta", "nur die Kategorie", "apenas o nome".
    `${word('only|just|nothing but|solely|seulement|uniquement|rien que|juste|simplement|solo|sólo|solamente|únicamente|nur|ausschließlich|soltanto|solamente|unicamente|apenas|somente|só')}\\s+(?:(?:with|by|avec|par|con|mit|com)\\s+)?(?:the|a|an|le|la|les|l'|el|los|las|die|der|das|den|il|lo|gli|o|a|os|as)?\\s*(?:[${L}-]+\\s+)?${word('label|labels|category|categories|number|name|names|word|words|answer|score|code|tag|class|verdict|result|value|letter|emoji|étiquette|catégorie|nombre|numéro|nom|mot|réponse|code|etiqueta|categoría|número|nombre|palabra|respuesta|código|etikett|kategorie|zahl|nummer|name|wort|antwort|code|etichetta|categoria|numero|nome|parola|risposta|codice|rótulo|categoria|número|nome|palavra|resposta|código')}`,
  ].join('|'),
  'i',
);

/** Words that name a form wherever they stand. */
const FORM_WORDS = new RegExp(
  word(
    // English
    'format|formatted|formatting|structured|json|csv|yaml|xml|html|template|schema|markdown|headings?|bullet(?:ed)?|numbered|step[- ]by[- ]step|code block|plain text|prose|tabular|' +
      // French
      'mise en forme|à puces|numérotée?s?|étape par étape|texte brut|gabarit|sous forme d.|en forme de|' +
      // Spanish
      'formato|viñetas|numerada|paso a paso|texto plano|plantilla|en forma de|en formato|' +
      // German
      'formatiert|aufzählung|stichpunkte[n]?|nummeriert|schritt für schritt|vorlage|in form (?:von|einer)|' +
      // Italian
      'elenco puntato|punto elenco|numerato|passo (?:dopo|per) passo|sotto forma di|in formato|' +
      // Portuguese
      'marcadores|tópicos|numerada|passo a passo|em forma de|na forma de|em formato',
  ),
  'i',
);

/** A length without a number: a length all the same ("brief", "knapp", "en quelques mots"). */
const VAGUE_LENGTH = new RegExp(
  word(
    'short(?![- ]term)|shorter|brief|briefly|concise|concisely|succinct|succinctly|tl;?dr|in a nutshell|' +
      'courte|courtes|bref|brève|brièvement|concis|concise|succinct|en quelques mots|' +
      'corto|corta|breve|brevemente|conciso|concisa|en pocas palabras|' +
      'kurz|kurze|kurzen|kurzer|knapp|knappe|in wenigen worten|' +
      'breve|brevemente|conciso|concisa|sintetico|sintetica|in poche parole|' +
      'curto|curta|breve|resumido|resumida|sucinto|sucinta|em poucas palavras',
  ),
  'i',
);

/**
 * A vague amount of what to produce: "a couple of names", "quelques idées", "ein paar Ziele", "a quick
 * rundown". Vague, but a length all the same: such a prompt is vague-quantifier's, not no-output-format's.
 */
const VAGUE_AMOUNT = new RegExp(
  `${word(
    'some|a few|a couple of|several|a handful of|quelques|plusieurs|unos cuantos|unas cuantas|unos pocos|unas pocas|algunos|algunas|varios|varias|ein paar|einige|mehrere|alcuni|alcune|qualche|diversi|diverse|algumas|alguns|vários|várias|uns quantos|umas quantas',
  )}\\s+[${L}]|${word('quick|rapid|short|brief')}\\s+(?:rundown|recap|overview|summary|run-through|note)`,
  'i',
);

/** The reply held to one thing or stripped of extras: "nothing else", "sans explication". */
const REPLY_LIMIT = new RegExp(
  word(
    "nothing else|no explanations?|(?:don't|do not|never) explain|without (?:any )?explanations?|no preamble|no commentary|rien d'autre|sans explications?|nada más|sin explicaci(?:ón|ones)|nichts anderes|ohne erklärung(?:en)?|nient'altro|senza spiegazion[ei]|nada mais|sem explicaç(?:ão|ões)",
  ),
  'i',
);

/** A stated unit or order of the answer's parts: "in kilometres", "Start with its title, then ...". */
const UNIT_OR_ORDER =
  /\b(?:in|as) (?:kilomet(?:er|re)s|km|miles|met(?:er|re)s|euros?|dollars|percent|hours|minutes|seconds|degrees|celsius|fahrenheit|kilograms|kg|pounds)\b|\b(?:start|begin|open|end|finish|close) with\b[^.\n]{0,80}\bthen\b|\b(?:this|the following|that) (?:structure|layout|order)\b|\bstructure\s*:/i;

/** A fixed reply to give: reply "No match found". */
const FIXED_REPLY =
  /\b(?:reply|respond|answer|say|return|output|write)\s+(?:with\s+)?(?:only\s+)?["“'‘][^"”'’\n]{1,60}["”'’]/i;

/** Words that state a form or length wherever they stand. */
const FORMAT_CUE =
  /\b(?:json|csv|yaml|xml|html|markdown|table|tabular|lists?|bullet(?:s|ed)?|numbered|headings?|headers?|sections?|format(?:ted)?|template|schema|code ?block|tweet|haiku|sonnet|limerick|slogan|tagline|headline|subject line|one-liner|outline|yes or no|yes\/no|labels?|rubric|columns?|tl;?dr|short(?![- ]term)|shorter|longer|brief|briefly|concise|succinct|step[- ]by[- ]step|one word|single word|word count|character limit|pros and cons)\b/i;
/** A measured size: "80-word", "a line apiece", "{{word_count}} words", "per line", a category to pick. */
const MEASURE =
  /(?:\d+|\}\}|\bone|\ba single|\bper|\beach|\bshort|\bfew)[\s-]+(?:[\w-]+\s+)?(?:words?|characters?|lines?|items?|sentences?|paragraphs?)\b|\bper line\b|\bchecklist\b|\bcategor(?:y|ies)\b|\{\{\s*\w*(?:count|number|limit|length)\w*\s*\}\}/i;
/** The reply is held to one thing: "output solely ...", "nothing else", "no explanation". */
const REPLY_FORM =
  /\b(?:only (?:reply|respond|answer|output|return|write|provide|give|show|send|suggest|list)|(?:output|return|give|reply with|answer with) (?:the |a |an )?\w+(?: \w+)? only|(?:reply|respond|answer) only|nothing else|only say|(?:no|not|don't|do not|never) (?:write |give |add |type |provide |include )?(?:me )?(?:an? |any )?(?:additional |further )?explanations?|without (?:any )?explanations?|(?:in|within|inside) <\w[\w-]*> tags|(?:in|inside) (?:one|a) (?:unique )?code block)\b/i;
/** A named deliverable is a form: "write a poem", "create an article", "draft a cover letter". */
const DELIVERABLE =
  /(?<!\b(?:I|we) (?:will |would |can |shall |)|\b(?:I'll|we'll) )\b(?:write|compose|create|draft|generate|produce|prepare|give me|provide|come up with|make)\s+(?:me\s+)?(?:a|an|the|one|some|\d+)?\s*(?:[\w-]+\s+){0,3}?(?:poem|poems|article|review|essay|letter|e-?mail|story|stories|tweet|post|blog|report|recipe|bio|caption|script|song|memo|summary|function|regex|query|itinerary|prd|resume|cv|cover letter|routine|menu|timeline|diagram|chart|proposal|press release|headline|title|joke|riddle|quiz|code|paper|program)\b|\b(?:paper|article|essay|letter|report) form\b|\bact as an? (?:essay ?writer|screenwriter|poet|copywriter|interpreter|terminal|console)\b/i;
const SLOTS = [
  COUNTED,
  ARTEFACT,
  CLOSED,
  FORM_WORDS,
  VAGUE_LENGTH,
  VAGUE_AMOUNT,
  REPLY_LIMIT,
  FIXED_REPLY,
  UNIT_OR_ORDER,
  FORMAT_CUE,
  MEASURE,
  REPLY_FORM,
  DELIVERABLE,
];

/**
 * A sentence that describes what the user has, not what the model should produce: "Our report has 3
 * sections", "Here is a table of sales". Its counts and formats are the input's.
 */
const INPUT_SIDE =
  /^(?:here (?:is|are)|(?:our|my|the|this|these|that|its?|their|his|her|we|i|they)\b[^.?!\n]{0,60}?\b(?:has|have|had|is|are|was|were|contains?|includes?|consists?)\b)/i;
const ABOUT_ANSWER =
  /\b(?:you|your|answer|reply|response|output|result|should|must|want|need|like|please|format|template|schema|example)\b/i;

/** What the user brings, whatever else the clause says: "I will send you a recipe". */
const BRINGS =
  /^(?:(?:and|then|also|so),?\s+)?(?:(?:i|we)(?: will|'ll| am going to| shall| can)? (?:provide|give|send|paste|share|supply|upload)|(?:i|we) (?:have|'ve) (?:written|got|made|created|prepared|attached|received))\b/i;
/** A role-play's opening request ("My first task: ..."): its words are read as a sentence of their own. */
const REQUEST_LEAD =
  /^my first (?:[\w-]+ )?(?:request|question|suggestion|command|prompt|task)(?: is)?\s*[:-]?\s*["“'‘]?/i;
/** Clauses: "I will send you a recipe and you will price it" holds two. */
const CLAUSE_BREAK = /;|,\s+(?=(?:and|but|then)\b)|\s+(?:and|but)\s+(?=(?:you|your|i|we)\b)/i;

function inputSide(sentence: string): boolean {
  const s = sentence.replace(REQUEST_LEAD, '');
  return BRINGS.test(s) || (INPUT_SIDE.test(s) && !ABOUT_ANSWER.test(s));
}

/** The sentence's clauses about the answer (not the ones about what the user brings). */
function answerClauses(sentence: string): string[] {
  return sentence
    .replace(REQUEST_LEAD, '')
    .split(CLAUSE_BREAK)
    .filter((clause) => !inputSide(clause));
}

/** The sentence sets a form or length of the answer in one of its clauses. */
export function setsForm(sentence: string): boolean {
  // An order of parts spans clauses ("Start with its title, then the colours"): read on the whole sentence.
  if (UNIT_OR_ORDER.test(sentence) && !inputSide(sentence)) return true;
  return answerClauses(sentence).some((clause) => SLOTS.some((re) => re.test(clause)));
}

/** An example answer: "Example output: ...", "Réponse : ...", "Output:" over an indented block. */
const EXAMPLE_ANSWER =
  /^[ \t]*(?:[-*]\s+)?(?:(?:example|sample|expected)(?: (?:output|answer|response|reply|result))?|output|answer|response|reply|result|exemple(?: de (?:sortie|réponse))?|sortie|réponse|ejemplo(?: de (?:salida|respuesta))?|salida|respuesta|beispiel(?:ausgabe|antwort)?|ausgabe|antwort|esempio(?: di (?:output|risposta))?|risposta|exemplo(?: de (?:saída|resposta))?|saída|resposta)[ \t]*:/im;
/** A field to fill: "Name: ...", "Role: [role]", "Date: ___", "Score: <1-5>". */
const TEMPLATE_FIELD = new RegExp(
  String.raw`^[ \t]*(?:[-*]\s+)?[${LETTER}][${LETTER} '-]{0,30}:[ \t]*(?:\.{3}|…|_{2,}|\[[^\]\n]*\]|<[^>\n]*>|\{[^{}\n]*\})[ \t]*$`,
  'gmu',
);
/** A schema: a brace with a quoted key. */
const SCHEMA = /\{\s*"[^"\n]+"\s*:|\{\s*'[^'\n]+'\s*:/;

/** Fields it takes to make a template: one "Name: ..." line may be a blank in the text. */
const MIN_TEMPLATE_FIELDS = 2;

/** The text as a whole shows the answer's form: an example answer, a template of fields, a schema. */
export function showsForm(text: string): boolean {
  if (EXAMPLE_ANSWER.test(text) || SCHEMA.test(text)) return true;
  let fields = 0;
  for (const _ of text.matchAll(TEMPLATE_FIELD)) if (++fields >= MIN_TEMPLATE_FIELDS) return true;
  return false;
}
