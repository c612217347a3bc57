/**
 * The prompt's constraints on the answer as typed slots: a length limit (sentences, words, items...),
 * a demand for depth, a count asked for, an output format, a forbidden format, a register. Rules compare
 * slots instead of matching phrase pairs, so "a one-page limit" and "cover every edge case" meet as
 * length against depth whatever their wording.
 */
import { remembersPrompts } from './promptMemory';
import { DEPTH, DEPTH_STRUCTURE } from './depthPhrases';
import { EN_NUMBER, FOREIGN_NUMBER, NUMBER_START } from './numberWords';
import { phraseRegExp } from './phrases';
import { gatedMatches, type LineWords, lineWords } from './gatedMatches';
import { delimitedRanges, negatedAt, type Range, toNumber } from './text';

type LengthUnit = 'words' | 'sentences' | 'paragraphs' | 'items' | 'characters';
type Format =
  | 'json'
  | 'csv'
  | 'yaml'
  | 'xml'
  | 'table'
  | 'list'
  | 'letter'
  | 'prose'
  | 'explanation'
  | 'markdown'
  /** Code marks: backticks, fenced blocks. */
  | 'code'
  /** Any formatting at all: only ever forbidden ("no formatting"). */
  | 'formatting';
type Register = 'formal' | 'casual';

interface Place {
  phrase: string;
  start: number;
  end: number;
}

export type Slot = Place &
  (
    | { kind: 'max'; unit: LengthUnit; n: number }
    | { kind: 'min'; unit: LengthUnit; n: number }
    /** Short with no number: "concise", "keep it brief". */
    | { kind: 'brevity' }
    /** `read: 'structure'` when read from the sentence's structure rather than a known phrase. */
    | { kind: 'depth'; read?: 'structure' }
    /** A count of things asked for: "a list of 10 ideas", "3 paragraphs"; n undefined for "a list". */
    | { kind: 'count'; unit: LengthUnit; n?: number }
    | { kind: 'format'; format: Format; only: boolean }
    | { kind: 'forbid'; format: Format }
    | { kind: 'register'; register: Register }
    /** Whose voice the answer speaks in: "in the first person". */
    | { kind: 'person'; person: 1 | 2 | 3 }
    /** An exact count of one kind of thing: "exactly one recommendation"; `noun` folded to its singular. */
    | { kind: 'exactCount'; noun: string; n: number }
    /** A count of one kind of thing: "three alternative recommendations". */
    | { kind: 'nounCount'; noun: string; n: number }
    /** Prose around the answer: "explain your reasoning", "start with a greeting". */
    | { kind: 'extra' }
  );

const NUM = `(${EN_NUMBER})`;
const ITEM_NOUNS =
  'bullet points|bullets|items|points|steps|examples|ideas|reasons|tips|sections|options|choices|questions|names|suggestions|alternatives|headlines|titles|slogans|taglines|takeaways|facts|variations|keywords|hashtags';
const UNIT_WORDS = `words?|sentences?|lines?|paragraphs?|characters?|chars|${ITEM_NOUNS}`;

function unitOf(word: string): LengthUnit {
  const w = word.toLowerCase();
  if (w.startsWith('word')) return 'words';
  if (w.startsWith('sentence') || w.startsWith('line')) return 'sentences';
  if (w.startsWith('paragraph')) return 'paragraphs';
  if (w.startsWith('char')) return 'characters';
  return 'items';
}

const foreignNumber = (token: string) => toNumber(token) ?? 1;
const FOREIGN_NUM = `(${FOREIGN_NUMBER})`;
const FOREIGN_UNIT =
  '(Wörtern?|Worte|mots|palabras|parole|palavras|Sätzen?|phrases|frases|frasi|Absätzen?|paragraphes|párrafos|paragrafi|parágrafos)';
/**
 * A whole word or phrase: each pattern given here starts with an ASCII letter, so \b marks its start (and
 * lets the engine skip ahead fast); its end may be an accented letter, which \b does not know.
 */
const edge = (source: string) => new RegExp(`\\b${source}(?![\\wß-öø-ÿ])`, 'gi');

function foreignUnit(word: string): LengthUnit {
  const w = word.toLowerCase();
  if (/^(?:abs|parag|párr)/.test(w)) return 'paragraphs';
  if (/^(?:sätz|satz|phras|fras)/.test(w)) return 'sentences';
  return 'words';
}

const PERSON: Record<string, 1 | 2 | 3> = {
  first: 1,
  second: 2,
  third: 3,
  première: 1,
  deuxième: 2,
  troisième: 3,
  primera: 1,
  segunda: 2,
  tercera: 3,
  ersten: 1,
  zweiten: 2,
  dritten: 3,
  prima: 1,
  seconda: 2,
  terza: 3,
  primeira: 1,
  terceira: 3,
};
/** Words after "only" or a number that are not things counted: "only if", "two of", "3 times". */
const STOP_NOUN =
  /^(?:if|when|the|and|with|for|from|about|after|before|once|times|ways|days|hours|minutes|weeks|months|years|percent|of|in|on|to|as|at|or|use|uses|output|return|respond|reply|answer|write)$/i;
const singular = (noun: string) =>
  noun
    .toLowerCase()
    .replace(/(?:ies)$/, 'y')
    .replace(/(?<!s)s$/, '');

/**
 * A register word describes the answer when it stands alone ("keep it casual", "formal and polite") or
 * qualifies the writing ("a formal tone", "a casual email"); "casual conversation" to remove or "formal
 * decisions" to list are what the input holds.
 */
const TONE_FOLLOWS =
  '(?!\\s+(?!(?:tone|register|style|language|voice|manner|wording|way|english|writing|letter|e-?mail|reply|response|answer|message|notes?|greeting|salutation|sign-off|phrasing|vocabulary|words|documentation|document|report|minutes|memo|prose|text|copy|summary|notice|announcement|invitation|speech|bio|essay|article|post|paragraphs?|approach|and|but|or|yet|enough|throughout|please|with|to|in|at|as|while|rather|not|for|from|on)\\b)[a-z])';

/**
 * "Ne tutoie pas", "Duze die Kundschaft unter keinen Umständen", "no tutees": a form of address refused,
 * with the negation before the verb or, in French and German, after it in the same sentence.
 */
function addressNegated(m: RegExpMatchArray): boolean {
  const input = m.input ?? '';
  const at = m.index ?? 0;
  const before = input.slice(Math.max(0, at - 12), at);
  const after = input.slice(at + m[0].length, at + m[0].length + 60).split(/[.!?\n]/)[0];
  return (
    /\b(?:ne|n'|no|non|não|nicht|nie|never|not)\s*$/i.test(before) ||
    /\b(?:pas|jamais|nicht|nie|niemals|keinesfalls|unter keinen Umständen|auf keinen Fall)\b/i.test(after)
  );
}

/** A pattern, what a match means, and optionally a cheap test the whole text must pass for the pattern to be worth running. */
/**
 * Patterns that start with a number run only where a number starts (sticky, at each such word) instead
 * of at every position of the text: on a long prompt that is most of their cost.
 */
const NUMBER_FIRST = new WeakSet<RegExp>();
function numberFirst(source: string): RegExp {
  const re = new RegExp(`(?<![\\wß-öø-ÿ])${source}`, 'giy');
  NUMBER_FIRST.add(re);
  return re;
}

/** Where each word that may start a number begins. */
function numberStarts(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(NUMBER_START)) out.push(m.index);
  return out;
}

function* matchesAt(text: string, re: RegExp, starts: number[]): Generator<RegExpExecArray> {
  for (const at of starts) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m) yield m;
  }
}

/**
 * A pattern, what a match means, optionally a cheap test the whole text must pass for the pattern to be
 * worth running, and optionally the words a match can start from (see gatedMatches: on a long prompt
 * the pattern then runs only on the lines holding one).
 */
type Extractor =
  | [RegExp, (m: RegExpMatchArray) => Omit<Slot, keyof Place> | undefined, RegExp | undefined, readonly string[]]
  | [RegExp, (m: RegExpMatchArray) => Omit<Slot, keyof Place> | undefined, RegExp?];

const EXTRACTORS: Extractor[] = [
  // Limits: "under 50 words", "no more than 3 sentences", "in two sentences or fewer", "max. 5 bullets".
  [
    new RegExp(
      `\\b(?:under|fewer than|less than|no more than|not more than|at most|maximum of|a maximum of|maximum|max\\.?|up to|within|stay (?:below|under)|keep (?:it |the \\w+ )?(?:under|below|within)|limit(?:ed)? (?:it |yourself |your (?:answer|reply|response) )?to|no longer than)\\s+${NUM}\\s+(?:\\w+\\s+)?(${UNIT_WORDS})\\b`,
      'gi',
    ),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
    undefined,
    [
      'under',
      'fewer',
      'less',
      'more',
      'most',
      'maximum',
      'max',
      'up',
      'within',
      'stay',
      'keep',
      'limit',
      'limited',
      'longer',
    ],
  ],
  [
    new RegExp(`\\b${NUM}\\s+(${UNIT_WORDS})\\s+(?:or (?:fewer|less)|max(?:imum)?|at most)\\b`, 'gi'),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
  ],
  // "Hard limit of 150 words", "a maximum of 3 sentences", "word limit: 200".
  [
    new RegExp(`\\b(?:limit|cap|ceiling|maximum) of\\s+${NUM}\\s+(${UNIT_WORDS})\\b`, 'gi'),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
    /\b(?:limit|cap|ceiling|maximum) of\b/i,
    ['limit', 'cap', 'ceiling', 'maximum'],
  ],
  // "in one sentence", "a one-liner", "a single paragraph", "in 2 sentences": the whole answer's size.
  [
    /\b(?:in |as |to |with )?(?:one|a single) (sentence|line|paragraph)\b|\bone-(sentence|liner?|paragraph)\b/gi,
    (m) => ({ kind: 'max', unit: unitOf(m[1] ?? m[2]), n: 1 }),
    undefined,
    ['one', 'single'],
  ],
  [
    new RegExp(`\\bin (?:just |only )?${NUM}\\s+(words|sentences|lines)\\b`, 'gi'),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
  ],
  [
    new RegExp(
      `\\b(?:at least|a minimum of|minimum|no fewer than|no less than|more than|over)\\s+${NUM}\\s+(${UNIT_WORDS})\\b`,
      'gi',
    ),
    (m) => ({ kind: 'min', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
    undefined,
    ['least', 'minimum', 'fewer', 'less', 'more', 'over'],
  ],
  [
    /\b(?:concise(?:ly)?|briefly|succinct(?:ly)?|tl;?dr|(?:be|keep it|keep (?:the |your |it )?(?:answer|reply|response|explanation)s?|make it|stay) (?:brief|short|concise|tight)|brief (?:overview|summary|answer|reply|response|explanation|description|paragraph|note)|short (?:answer|reply|response|explanation|paragraph|note|summary|blurb)|as short as possible|in a nutshell|(?:no|without) (?:long|lengthy) (?:explanations?|answers?))\b/gi,
    () => ({ kind: 'brevity' }),
    undefined,
    [
      'concise',
      'concisely',
      'briefly',
      'succinct',
      'succinctly',
      'tl',
      'tldr',
      'brief',
      'short',
      'tight',
      'nutshell',
      'long',
      'lengthy',
    ],
  ],
  [phraseRegExp(DEPTH), () => ({ kind: 'depth' })],
  [
    DEPTH_STRUCTURE,
    () => ({ kind: 'depth', read: 'structure' }),
    undefined,
    [
      'walk',
      'go',
      'take',
      'cover',
      'address',
      'explain',
      'discuss',
      'detail',
      'full',
      'length',
      'exhaustive',
      'exhaustively',
      'provide',
      'give',
      'write',
      'produce',
      'deliver',
      'offer',
    ],
  ],
  [
    new RegExp(
      `\\b(?:a list of (?:${NUM} )?|${NUM} (?:\\w+ )?)(${UNIT_WORDS.replace('words?|', '').replace('characters?|chars|', '')})\\b`,
      'gi',
    ),
    (m) => {
      const num = m[1] ?? m[2];
      return { kind: 'count', unit: unitOf(m[3]), n: num === undefined ? undefined : toNumber(num) };
    },
  ],
  // "Keep the whole thing to two sentences": a limit however the thing kept is named.
  [
    new RegExp(
      `\\b(?:keep|limit|cap)\\b[^.\\n]{0,30}?\\bto\\s+(?:just\\s+|only\\s+)?${NUM}\\s+(${UNIT_WORDS})\\b`,
      'gi',
    ),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
    undefined,
    ['keep', 'limit', 'cap'],
  ],
  // "List the top 10 wins", "Walk through all nine steps": a count of whatever things are ordered.
  [
    new RegExp(
      `\\b(?:list|give|name|enumerate|provide|cover|walk (?:[a-z]+ ){1,2}through)\\s+(?:me\\s+)?(?:the\\s+|all\\s+)?(?:top\\s+)?${NUM}\\s+[a-z-]+`,
      'gi',
    ),
    (m) => ({ kind: 'count', unit: 'items', n: toNumber(m[1]) }),
    undefined,
    ['list', 'give', 'name', 'enumerate', 'provide', 'cover', 'walk'],
  ],
  // "about 600 words long": a target length.
  [
    new RegExp(
      `\\b(?:about|around|roughly|approximately)\\s+${NUM}\\s+(words|characters|sentences|paragraphs)\\b`,
      'gi',
    ),
    (m) => ({ kind: 'count', unit: unitOf(m[2]), n: toNumber(m[1]) }),
    undefined,
    ['about', 'around', 'roughly', 'approximately'],
  ],
  // The same limits and demands in French, Spanish, German, Italian and Portuguese.
  [
    /(?<![\wß-öø-ÿ])(?:en une seule phrase|en une phrase|en una (?:sola )?frase|in einem (?:einzigen )?Satz|in una (?:sola )?frase|em uma (?:única )?frase|numa frase)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'max', unit: 'sentences', n: 1 }),
    undefined,
    ['une', 'una', 'einem', 'uma', 'numa'],
  ],
  [
    /(?<![\wß-öø-ÿ])(?:en détail|de manière détaillée|en profondeur|de (?:manière|façon) approfondie|de manera exhaustiva|de forma exhaustiva|exhaustivamente|en profundidad|detalladamente|en detalle|ausführlich|eingehend|im Detail|in dettaglio|dettagliatamente|in modo approfondito|approfonditamente|em detalhe|detalhadamente|em profundidade|de forma aprofundada)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'depth' }),
  ],
  [
    edge(
      `(?:mindestens|au moins|al menos|como mínimo|almeno|pelo menos|no mínimo)\\s+${FOREIGN_NUM}\\s+${FOREIGN_UNIT}`,
    ),
    (m) => ({ kind: 'min', unit: foreignUnit(m[2]), n: foreignNumber(m[1]) }),
    /mots|palabras|wörter|worte|sätze|absätz|phrases|frases|frasi|parole|palavras|paragraphes|párrafos|paragrafi|parágrafos/i,
  ],
  // "en moins de 50 mots", "höchstens zwei Sätze", "no más de cien palabras", "ne doit pas dépasser 80 mots".
  [
    edge(
      `(?:au plus|au maximum|pas plus de|moins de|(?:ne )?(?:doit|devrait|dois) pas dépasser(?: les)?|(?:non )?(?:deve|devono|può) superare(?: le| i)?|no (?:debe|puede) (?:superar|exceder)(?: las| los)?|não (?:deve|pode) (?:ultrapassar|exceder)(?: as| os)?|no más de|menos de|como máximo|höchstens|maximal|nicht mehr als|weniger als|al massimo|non più di|meno di|no máximo|não mais de|até)\\s+${FOREIGN_NUM}\\s+${FOREIGN_UNIT}`,
    ),
    (m) => ({ kind: 'max', unit: foreignUnit(m[2]), n: foreignNumber(m[1]) }),
    /mots|palabras|wörter|worte|sätze|absätz|phrases|frases|frasi|parole|palavras|paragraphes|párrafos|paragrafi|parágrafos/i,
  ],
  [
    numberFirst(
      `${FOREIGN_NUM}\\s+${FOREIGN_UNIT}\\s+(?:maximum|max\\.?|máximo|maximal|höchstens|al massimo|no máximo)`,
    ),
    (m) => ({ kind: 'max', unit: foreignUnit(m[2]), n: foreignNumber(m[1]) }),
    /mots|palabras|wörter|worte|sätze|absätz|phrases|frases|frasi|parole|palavras|paragraphes|párrafos|paragrafi|parágrafos/i,
  ],
  // "Justifica tu respuesta en dos párrafos", "in drei Absätzen": the answer's size in parts.
  [
    edge(`(?:en|in|em) ${FOREIGN_NUM}\\s+${FOREIGN_UNIT}`),
    (m) => ({ kind: 'count', unit: foreignUnit(m[2]), n: foreignNumber(m[1]) }),
    /párrafos|paragraphes|absätz|paragrafi|parágrafos|frases|phrases|sätze|frasi/i,
  ],
  // "a 500-word essay", "a three-paragraph story": the size of the whole piece asked for. ("a 20-word
  // summary" is often one part of the answer, so only whole pieces count.)
  [
    numberFirst(
      `${NUM}-(words?|sentences?|paragraphs?|lines?|pages?)\\s+(?:[a-z-]+\\s+)?(?:essay|article|answer|response|reply|story|letter|e-?mail|report|speech|blog post|post|piece|bio|statement|cover letter)\\b`,
    ),
    (m) => {
      const n = toNumber(m[1]);
      if (n === undefined || n < 2 || /^page/i.test(m[2])) return undefined;
      return { kind: 'count', unit: unitOf(m[2]), n };
    },
    /-(?:words?|sentences?|paragraphs?|lines?|pages?)\b/i,
  ],
  // "Give a list of ten features": a count of whatever the list holds.
  [
    new RegExp(`\\b(?:a |the )?list of ${NUM}\\s+[a-z-]+`, 'gi'),
    (m) => ({ kind: 'count', unit: 'items', n: toNumber(m[1]) }),
    /list of/i,
    ['list'],
  ],
  [
    // The lead words are checked behind the match: a pattern starting at "first" is tried at far fewer places.
    /\b(first|second|third)[- ]person\b(?<=\b(?:in|from|use|using|written in|write in) (?:the )?[a-z]+[- ]person)/gi,
    (m) => ({ kind: 'person', person: PERSON[m[1].toLowerCase()] }),
    /person/i,
    ['first', 'second', 'third'],
  ],
  [
    /(?<![\wß-öø-ÿ])(?:à la|en|in der|in|na|alla) (première|deuxième|troisième|primera|segunda|tercera|ersten|zweiten|dritten|prima|seconda|terza|primeira|terceira) (?:personne|persona|Person|pessoa)(?![\wß-öø-ÿ])/gi,
    (m) => ({ kind: 'person', person: PERSON[m[1].toLowerCase()] }),
    /person|pessoa/i,
  ],
  // "exactly one recommendation" against "three recommendations".
  [
    new RegExp(`\\b(?:exactly|only|just|a single|one single)\\s+(?:${NUM}\\s+)?([a-z]{3,})\\b`, 'gi'),
    (m) => {
      const n = m[1] === undefined ? (/single/i.test(m[0]) ? 1 : undefined) : toNumber(m[1]);
      return n === undefined || STOP_NOUN.test(m[2]) ? undefined : { kind: 'exactCount', noun: singular(m[2]), n };
    },
    undefined,
    ['exactly', 'only', 'just', 'single'],
  ],
  [
    numberFirst(`${NUM}\\s+(?:[a-z-]+\\s+)?([a-z]{3,}s)\\b`),
    (m) => {
      const n = toNumber(m[1]);
      return n === undefined || n < 2 || STOP_NOUN.test(m[2])
        ? undefined
        : { kind: 'nounCount', noun: singular(m[2]), n };
    },
  ],
  // Output formats. Data formats count when the answer is framed as them, not when the input is.
  [
    /\b(?:(?:respond|reply|answer|return|output|format(?:ted)?|give|provide|produce|write|structure[d]?)\b[^.\n]{0,30}?\b(?:as|in|into|using)\s+(?:a |an |valid |strict |plain |raw )?(json|csv|yaml|xml)\b|(json|csv|yaml|xml) (?:object|array|format|output|only|response|document|file)\b|(?:as|in|into) (?:valid |strict |raw )?(json|csv|yaml|xml)\b|\b(?:valid|only|strict|raw) (json|csv|yaml|xml)\b)/gi,
    (m) => {
      const format = (m[1] ?? m[2] ?? m[3] ?? m[4]).toLowerCase() as Format;
      return { kind: 'format', format, only: /\bonly\b/i.test(m[0]) };
    },
    undefined,
    [
      'respond',
      'reply',
      'answer',
      'return',
      'output',
      'format',
      'formatted',
      'give',
      'provide',
      'produce',
      'write',
      'structure',
      'structured',
      'json',
      'csv',
      'yaml',
      'xml',
    ],
  ],
  // Markdown asked for by name or by its heading marks: 'under "## Added" headings', "markdown headers".
  [
    /\b(?:(?:in|as|using|use|with|en|em|im) markdown\b(?! table)|markdown (?:headings?|headers?|formatting)|(?:under|with|use) (?:the )?["“]#{1,4} [^"”\n]{1,40}["”](?:[^.\n]{0,60}?)\bheadings?)/gi,
    () => ({ kind: 'format', format: 'markdown', only: false }),
    /markdown|#/i,
    ['markdown', 'under', 'with', 'use'],
  ],
  // "Answer only with yes or no", "Antworte nur mit „Ja" oder „Nein"": an answer of one word.
  [
    edge(
      '(?:answer|reply|respond|antworte|réponds|responde|rispondi) (?:only |just |nur |uniquement |solo |solamente |solo )?(?:with|mit|par|con) (?:only |just )?(?:a single word|one word|["“„«]?(?:yes|ja|oui|sí|si)["“”»]? (?:or|oder|ou|o) ["“„«]?(?:no|nein|non)\\b)',
    ),
    () => ({ kind: 'max', unit: 'words', n: 1 }),
    /\b(?:yes|ja|oui|sí|si|one word|single word)(?![\wß-öø-ÿ])/i,
    ['answer', 'reply', 'respond', 'antworte', 'ponds', 'responde', 'rispondi'],
  ],
  // Formats named in French, Spanish, German, Italian and Portuguese.
  [
    edge(
      '(?:como|comme|come|als|em|en) (?:(?:un|una|uma|ein|einen|um) )?(?:(?:objeto|objet|oggetto|Objekt) )?(json|csv|yaml|xml)(?:-Objekt)?',
    ),
    (m) => ({
      kind: 'format',
      format: m[1].toLowerCase() as Format,
      only: /exclusiv|únicamente|uniquement|nur|solo|apenas/i.test(
        m.input?.slice(Math.max(0, (m.index ?? 0) - 20), m.index) ?? '',
      ),
    }),
    /json|csv|yaml|xml/i,
    ['json', 'csv', 'yaml', 'xml'],
  ],
  [
    edge('(?:au format|en formato|im Format|in formato|no formato|em formato|formato|format) (json|csv|yaml|xml)'),
    (m) => ({ kind: 'format', format: m[1].toLowerCase() as Format, only: false }),
    /json|csv|yaml|xml/i,
    ['json', 'csv', 'yaml', 'xml'],
  ],
  [
    edge(
      "(?:comme|sous (?:la )?forme d'|como|come|als|em forma de|en forma de|in forma di) (?:(?:une?|una|uma|einen?|ein) )?(?:[\\wß-öø-ÿ]+ )?(?:lettre|carta|Brief|lettera)",
    ),
    () => ({ kind: 'format', format: 'letter', only: false }),
    /lettre|carta|brief|lettera/i,
    ['lettre', 'carta', 'brief', 'lettera'],
  ],
  [
    /\b(?:in|as|into) (?:a )?(?:markdown |simple |two-column |comparison )?table\b|\btabular (?:form|format)\b|\bmarkdown table\b/gi,
    () => ({ kind: 'format', format: 'table', only: false }),
    undefined,
    ['table', 'tabular'],
  ],
  [
    /\b(?:(?:in |as )?(?:a )?(?:bulleted|numbered) list|bullet points|as a list|in a list|use bullets|in bullet form|(?:its|their) own bullet(?: point)?|(?:as )?separate bullets)\b/gi,
    () => ({ kind: 'format', format: 'list', only: false }),
    undefined,
    ['list', 'bullet', 'bullets'],
  ],
  [
    /\b(?:as|in the form of|formatted as|written as) (?:a |an )?(?:[\w-]+ ){0,2}?(?:letter|e-?mail)\b(?! (?:address|subject|template))|\b(?:plain|personal|traditional) letter\b|\bletter format\b/gi,
    () => ({ kind: 'format', format: 'letter', only: false }),
    undefined,
    ['letter', 'email', 'mail'],
  ],
  [
    /\b(?:in (?:plain |flowing |continuous )?prose|as (?:plain|flowing|running) (?:text|prose)|(?:plain|flowing|running) prose|as an essay|in essay form|flowing paragraphs|plain text only|only plain text)\b/gi,
    () => ({ kind: 'format', format: 'prose', only: false }),
    undefined,
    ['prose', 'plain', 'flowing', 'running', 'essay'],
  ],
  [
    /\b(?:no|avoid(?: using)?|don'?t use|do not use|without|never use)(?: any)? (bullet(?:ed)?(?: points| lists)?|bullets|lists|numbered lists|tables?|json|markdown|formatting(?! (?:like|such as|e\.g|other than|beyond|except))|backticks|code (?:blocks|fences)|(?:markdown )?code blocks)(?: formatting)?\b/gi,
    (m) => {
      const what = m[1].toLowerCase();
      const format: Format = what.startsWith('table')
        ? 'table'
        : what === 'json'
          ? 'json'
          : what === 'markdown'
            ? 'markdown'
            : what === 'formatting'
              ? 'formatting'
              : /backtick|code/.test(what)
                ? 'code'
                : 'list';
      return { kind: 'forbid', format };
    },
    undefined,
    [
      'bullet',
      'bulleted',
      'bullets',
      'lists',
      'numbered',
      'table',
      'tables',
      'json',
      'markdown',
      'formatting',
      'backticks',
      'code',
    ],
  ],
  // "sin ningún formato", "ohne Formatierung", "sans mise en forme": no formatting at all.
  [
    /\b(?:sans (?:aucune )?mise en forme|sin (?:ningún )?formato|ohne (?:jede )?Formatierung|senza (?:alcuna )?formattazione|sem (?:nenhuma )?formatação)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'forbid', format: 'formatting' }),
    /mise en forme|formato|formatierung|formattazione|formatação/i,
  ],
  // "Wrap every command in backticks", "inside a code block": code marks asked for.
  [
    /\b(?:(?:in|inside|within|with|using|use) (?:single |inline |triple )?backticks|(?:in|inside|within) (?:a |fenced )?code blocks?|use (?:fenced )?code blocks)\b/gi,
    () => ({ kind: 'format', format: 'code', only: false }),
    /backtick|code block/i,
    ['backticks', 'code'],
  ],
  // "Reply in plain text", "Responde en texto plano": text with no marks, the whole answer.
  [
    /\b(?:plain text|texte brut|texto plano|texto simples|testo semplice|reinem Text|Klartext)(?![\wß-öø-ÿ])(?<=\b(?:(?:respond|reply|answer|write|output|return)\w* (?:\w+ )?(?:in|as)|en|in|em|als) [\wß-öø-ÿ]+(?: [\wß-öø-ÿ]+)?)/gi,
    () => ({ kind: 'format', format: 'prose', only: false }),
    /plain text|texte brut|texto plano|texto simples|testo semplice|reinem text|klartext/i,
    ['plain', 'texte', 'texto', 'testo', 'reinem', 'klartext'],
  ],
  [
    /\b(?:no|don'?t|do not|never|without)(?: write| give| add| include| provide| type)?(?: any)? explanations?\b/gi,
    () => ({ kind: 'forbid', format: 'explanation' }),
    undefined,
    ['explanation', 'explanations'],
  ],
  [
    new RegExp(`(?<![-\\w])(?:formal(?:ly)?|strictly professional)\\b${TONE_FOLLOWS}`, 'gi'),
    () => ({ kind: 'register', register: 'formal' }),
    undefined,
    ['formal', 'formally', 'strictly'],
  ],
  [
    new RegExp(`\\b(?:casual(?:ly)?|informal(?:ly)?|slang|chatty|jokey)\\b${TONE_FOLLOWS}`, 'gi'),
    () => ({ kind: 'register', register: 'casual' }),
    undefined,
    ['casual', 'casually', 'informal', 'informally', 'slang', 'chatty', 'jokey'],
  ],
  // Register words in French, Spanish, German, Italian and Portuguese; "mit „Sie“" is the formal address.
  [
    /\b(?:förmlich\w*|formell\w*|geschäftsmäßig\w*|mit [„"“]Sie[“"”]|formel(?:le)?s?|soutenu|formale|registro formale|tono formale)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'register', register: 'formal' }),
    /förmlich|formell|geschäftsmäßig|sie[“"”]|formel|soutenu|formale/i,
  ],
  [
    /\b(?:locker\w*|kumpelhaft\w*|lässig\w*|umgangssprachlich\w*|familier|familière|décontract\w*|desenfadad[oa]s?|coloquial(?:es)?|colloquiale|descontraíd[oa]s?)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'register', register: 'casual' }),
    /locker|kumpelhaft|lässig|umgangssprachlich|familier|familière|décontract|desenfadad|coloquial|colloquiale|descontraíd/i,
  ],
  // Forms of address: "vouvoie" / "tutoie", "siezen" / "duzen", "de usted" / "de tú", "del Lei" / "del tu".
  [
    /\b(?:vouvoi\w*|vouvoy\w*|siez\w*|per Sie|de usted|dai del Lei|dare del Lei|del Lei)(?![\wß-öø-ÿ])/gi,
    (m) => (addressNegated(m) ? undefined : { kind: 'register', register: 'formal' }),
    /vouvo|siez|per sie|usted|del lei/i,
  ],
  [
    /\b(?:tutoi\w*|tutoy\w*|duz\w*|per du|de tú|tut[eé]a\w*|dai del tu|dare del tu|del tu)(?![\wß-öø-ÿ])/gi,
    (m) => (addressNegated(m) ? undefined : { kind: 'register', register: 'casual' }),
    /tuto|duz|per du|de tú|tut[eé]a|del tu/i,
  ],
  [
    /\b(?:explain your reasoning|(?:explain|justify) (?:your|the) (?:reasoning|answer|choice|thinking)|show your (?:work|reasoning)|(?:add|write|include|give) (?:a |an |the )?(?:short )?(?:explanations?|commentary|introduction)|(?:start|begin|open) (?:your (?:reply|answer|response|message) )?with (?:a |an )?(?:short |brief |friendly |warm )?(?:introduction|greeting|paragraph|preamble|intro)|(?:include|add) (?:a )?(?:friendly )?(?:preamble|sign-off))\b/gi,
    () => ({ kind: 'extra' }),
    undefined,
    ['explain', 'justify', 'show', 'add', 'write', 'include', 'give', 'start', 'begin', 'open'],
  ],
];

/** Every word some extractor's matches start from. */
const LEAD_WORDS: ReadonlySet<string> = new Set(EXTRACTORS.flatMap(([, , , leads]) => leads ?? []));

/** A negation flips a phrase into its opposite ("not too detailed"): only the forbid extractor reads it. */
function negatable(slot: Omit<Slot, keyof Place>): boolean {
  return slot.kind !== 'forbid';
}

/** The last prompt's slots: two rules read them, and the linter runs the rules one after the other. */
let last: { text: string; all: Slot[]; slots: Slot[] } | undefined;
remembersPrompts(() => {
  last = undefined;
});

/** Kinds only the contradiction and repeat rules read: they say nothing about the answer's form or length. */
const COMPARE_ONLY: ReadonlySet<Slot['kind']> = new Set(['person', 'exactCount', 'nounCount']);

/** Every slot, including the kinds only compared with each other, outside fenced data, in text order. */
export function typedSlots(text: string): Slot[] {
  if (last?.text !== text) {
    const all = extractSlots(text);
    last = { text, all, slots: all.filter((s) => !COMPARE_ONLY.has(s.kind)) };
  }
  return last.all;
}

/** Every constraint on the answer's length, form, depth or register outside fenced data, in text order. */
export function constraintSlots(text: string): Slot[] {
  typedSlots(text);
  return last?.slots ?? [];
}

/**
 * Whether a position is inside any of the ranges, by binary search over their union: a long prompt has
 * many fenced blocks and many slots.
 */
function insideMerged(ranges: readonly Range[]): (at: number) => boolean {
  const merged: Array<[number, number]> = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return (at) => {
    let lo = 0;
    let hi = merged.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (merged[mid][1] < at) lo = mid + 1;
      else if (merged[mid][0] > at) hi = mid - 1;
      else return true;
    }
    return false;
  };
}

/** The text's fenced data (found once per prompt, see delimitedRanges). */
export const fencedRanges = delimitedRanges;

function extractSlots(text: string): Slot[] {
  const inData = insideMerged(fencedRanges(text));
  const out: Slot[] = [];
  const taken = new Set<string>();
  let starts: number[] | undefined;
  let words: LineWords | undefined;
  for (const [re, make, worth, leads] of EXTRACTORS) {
    // Lead words gate a pattern line by line, which spares it more than a test of the whole text would.
    if (worth && !leads && !worth.test(text)) continue;
    if (NUMBER_FIRST.has(re)) starts ??= numberStarts(text);
    else if (leads) words ??= lineWords(text, LEAD_WORDS);
    const matches = NUMBER_FIRST.has(re)
      ? matchesAt(text, re, starts ?? [])
      : leads && words
        ? gatedMatches(text, re, leads, words)
        : text.matchAll(re);
    for (const m of matches) {
      const start = m.index ?? 0;
      if (inData(start)) continue;
      const slot = make(m);
      if (!slot) continue;
      if (negatable(slot) && negatedAt(text, start)) continue;
      const key = `${slot.kind}@${start}`;
      if (taken.has(key)) continue;
      taken.add(key);
      out.push({ ...slot, phrase: m[0], start, end: start + m[0].length } as Slot);
    }
  }
  out.sort((a, b) => a.start - b.start);
  // A sentence that names its depth with a known phrase ("in great detail") is reported by that phrase.
  const phrased = out.filter((s) => s.kind === 'depth' && !s.read);
  const sameSentence = (a: Slot, b: Slot) =>
    !/[.!?\n]/.test(text.slice(Math.min(a.end, b.end), Math.max(a.start, b.start)));
  const kept = out.filter(
    (s) =>
      !(s.kind === 'depth' && s.read && phrased.some((p) => Math.abs(p.start - s.start) < 200 && sameSentence(p, s))),
  );
  // "at least five paragraphs" is a minimum: the count "five paragraphs" inside it says nothing more.
  // Slots are in text order, so the bound holding a count, if any, is the last one started before it.
  let bound: Slot | undefined;
  return kept.filter((s) => {
    if (s.kind === 'max' || s.kind === 'min') {
      if (!bound || s.end > bound.end) bound = s;
      return true;
    }
    return (s.kind !== 'count' && s.kind !== 'nounCount') || !bound || s.end > bound.end;
  });
}

const STRUCTURED: readonly Format[] = ['json', 'csv', 'yaml', 'xml'];

const isShort = (s: Slot) =>
  s.kind === 'brevity' ||
  (s.kind === 'max' &&
    ((s.unit === 'words' && s.n <= 150) ||
      (s.unit === 'sentences' && s.n <= 3) ||
      (s.unit === 'characters' && s.n <= 800)));

/** Which kinds of slot can contradict each other, first kind to second: most pairs cannot, and are ruled out at once. */
const CAN_CLASH: Partial<Record<Slot['kind'], Partial<Record<Slot['kind'], true>>>> = {
  depth: { brevity: true, max: true },
  max: { min: true, count: true, format: true },
  forbid: { format: true, extra: true },
  format: { format: true, extra: true },
  register: { register: true },
  person: { person: true },
  exactCount: { exactCount: true, nounCount: true },
};

/** Whether a slot of one kind can ever contradict a slot of the other. */
export function canClash(a: Slot['kind'], b: Slot['kind']): boolean {
  return CAN_CLASH[a]?.[b] === true || CAN_CLASH[b]?.[a] === true;
}

/** Why two slots cannot both hold, or undefined when they can. */
export function clash(x: Slot, y: Slot): string | undefined {
  let a = x;
  let b = y;
  if (!CAN_CLASH[a.kind]?.[b.kind]) {
    if (!CAN_CLASH[b.kind]?.[a.kind]) return undefined;
    a = y;
    b = x;
  }
  if (a.kind === 'depth') return isShort(b) ? 'the answer cannot be both short and exhaustive' : undefined;
  if (a.kind === 'max' && b.kind === 'min') {
    if (a.unit === b.unit && b.n > a.n) return 'the minimum length is above the maximum';
    // A paragraph takes some twenty words at least, a sentence five.
    if (a.unit === 'words' && b.unit === 'paragraphs' && a.n < 20 * b.n)
      return `${b.n} paragraphs cannot fit in ${a.n} ${a.n === 1 ? 'word' : 'words'}`;
    if (a.unit === 'words' && b.unit === 'sentences' && a.n < 5 * b.n)
      return `${b.n} sentences cannot fit in ${a.n} ${a.n === 1 ? 'word' : 'words'}`;
    // Each paragraph holds at least one sentence.
    return a.unit === 'sentences' && b.unit === 'paragraphs' && b.n > a.n
      ? `${b.n} paragraphs cannot fit in ${a.n} sentences`
      : undefined;
  }
  if (a.kind === 'max' && b.kind === 'count') {
    if (
      a.unit === 'sentences' &&
      a.n === 1 &&
      b.unit !== 'words' &&
      b.unit !== 'characters' &&
      (b.n === undefined || b.n >= 2)
    )
      return 'one sentence cannot hold several items or paragraphs';
    if (a.unit === b.unit && b.n !== undefined && b.n > a.n) return `${b.n} ${b.unit} cannot fit in at most ${a.n}`;
    // Two sentences cannot hold nine separate steps or paragraphs; a word is at least four characters.
    if (a.unit === 'sentences' && b.unit !== 'words' && b.unit !== 'characters' && b.n !== undefined && b.n > 2 * a.n)
      return `${b.n} ${b.unit} cannot fit in ${a.n} sentences`;
    // A paragraph takes some twenty words at least, a sentence five.
    if (a.unit === 'words' && b.unit === 'paragraphs' && b.n !== undefined && b.n >= 2 && a.n < 20 * b.n)
      return `${b.n} paragraphs cannot fit in ${a.n} ${a.n === 1 ? 'word' : 'words'}`;
    if (a.unit === 'words' && b.unit === 'sentences' && b.n !== undefined && b.n >= 2 && a.n < 5 * b.n)
      return `${b.n} sentences cannot fit in ${a.n} ${a.n === 1 ? 'word' : 'words'}`;
    if (a.unit === 'characters' && b.unit === 'words' && b.n !== undefined && b.n * 4 > a.n)
      return `${b.n} words cannot fit in ${a.n} characters`;
    return undefined;
  }
  if (a.kind === 'max' && b.kind === 'format')
    return a.unit === 'sentences' &&
      a.n === 1 &&
      /sentence/i.test(a.phrase) &&
      (b.format === 'list' || b.format === 'table')
      ? `one sentence cannot hold a ${b.format}`
      : undefined;
  if (a.kind === 'forbid' && b.kind === 'format')
    // Without markdown there are no markdown headings and no markdown table; without formatting, neither.
    return a.format === b.format ||
      (a.format === 'markdown' && (b.format === 'table' || b.format === 'code')) ||
      (a.format === 'formatting' && ['markdown', 'table', 'code'].includes(b.format))
      ? `${a.format === 'list' ? 'lists are' : `${a.format} is`} both forbidden and asked for`
      : undefined;
  if (a.kind === 'format' && b.kind === 'format') {
    if (a.format === b.format || a.format === 'list' || b.format === 'list') return undefined;
    if (STRUCTURED.includes(a.format) || STRUCTURED.includes(b.format))
      return `the answer cannot be both ${a.format} and ${b.format === 'prose' ? 'plain prose' : b.format}`;
    const pair = `${a.format}|${b.format}`;
    return pair === 'table|letter' || pair === 'letter|table'
      ? 'the answer cannot be both a table and a letter'
      : undefined;
  }
  if (a.kind === 'forbid' && b.kind === 'extra')
    return a.format === 'explanation' ? 'explanations are both forbidden and asked for' : undefined;
  if (a.kind === 'format' && b.kind === 'extra')
    return a.only && STRUCTURED.includes(a.format)
      ? `nothing but ${a.format.toUpperCase()} leaves no room for prose around it`
      : undefined;
  if (a.kind === 'person' && b.kind === 'person')
    return a.person !== b.person ? 'the answer cannot speak in two grammatical persons' : undefined;
  if (a.kind === 'exactCount' && (b.kind === 'exactCount' || b.kind === 'nounCount'))
    return a.noun === b.noun && a.n !== b.n ? `exactly ${a.n} ${a.noun} cannot also be ${b.n}` : undefined;
  if (a.kind === 'register' && b.kind === 'register')
    return a.register !== b.register ? 'the tone cannot be both formal and casual' : undefined;
  return undefined;
}
