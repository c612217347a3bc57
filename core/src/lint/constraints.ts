/**
 * The prompt's constraints on the answer as typed slots: a length limit (sentences, words, items...),
 * a demand for depth, a count asked for, an output format, a forbidden format, a register. Rules compare
 * slots instead of matching phrase pairs, so "a one-page limit" and "cover every edge case" meet as
 * length against depth whatever their wording.
 */
import { DEPTH } from './depthPhrases';
import { phraseRegExp } from './phrases';
import { delimitedRanges, insideAny, negatedAt, toNumber } from './text';

type LengthUnit = 'words' | 'sentences' | 'paragraphs' | 'items' | 'characters';
type Format = 'json' | 'csv' | 'yaml' | 'xml' | 'table' | 'list' | 'letter' | 'prose' | 'explanation';
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
    | { kind: 'depth' }
    /** A count of things asked for: "a list of 10 ideas", "3 paragraphs"; n undefined for "a list". */
    | { kind: 'count'; unit: LengthUnit; n?: number }
    | { kind: 'format'; format: Format; only: boolean }
    | { kind: 'forbid'; format: Format }
    | { kind: 'register'; register: Register }
    /** Prose around the answer: "explain your reasoning", "start with a greeting". */
    | { kind: 'extra' }
  );

const NUM =
  '(\\d[\\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred)';
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

const FOREIGN_NUMBERS: Record<string, number> = {
  drei: 3,
  vier: 4,
  fünf: 5,
  trois: 3,
  quatre: 4,
  cinq: 5,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  tre: 3,
  quattro: 4,
  três: 3,
};
const foreignNumber = (token: string) => Number(token) || FOREIGN_NUMBERS[token.toLowerCase()] || 1;

function foreignUnit(word: string): LengthUnit {
  const w = word.toLowerCase();
  if (/^(?:abs|parag|párr)/.test(w)) return 'paragraphs';
  if (/^(?:sätz|satz|phras|fras)/.test(w)) return 'sentences';
  return 'words';
}

type Extractor = [RegExp, (m: RegExpMatchArray) => Omit<Slot, keyof Place> | undefined];

const EXTRACTORS: Extractor[] = [
  // Limits: "under 50 words", "no more than 3 sentences", "in two sentences or fewer", "max. 5 bullets".
  [
    new RegExp(
      `\\b(?:under|fewer than|less than|no more than|not more than|at most|maximum of|a maximum of|maximum|max\\.?|up to|within|stay (?:below|under)|keep (?:it |the \\w+ )?(?:under|below|within)|limit(?:ed)? (?:it |yourself |your (?:answer|reply|response) )?to|no longer than)\\s+${NUM}\\s+(?:\\w+\\s+)?(${UNIT_WORDS})\\b`,
      'gi',
    ),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
  ],
  [
    new RegExp(`\\b${NUM}\\s+(${UNIT_WORDS})\\s+(?:or (?:fewer|less)|max(?:imum)?|at most)\\b`, 'gi'),
    (m) => ({ kind: 'max', unit: unitOf(m[2]), n: toNumber(m[1]) ?? 1 }),
  ],
  // "in one sentence", "a one-liner", "a single paragraph", "in 2 sentences": the whole answer's size.
  [
    /\b(?:in |as |to |with )?(?:one|a single) (sentence|line|paragraph)\b|\bone-(sentence|liner?|paragraph)\b/gi,
    (m) => ({ kind: 'max', unit: unitOf(m[1] ?? m[2]), n: 1 }),
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
  ],
  [
    /\b(?:concise(?:ly)?|briefly|succinct(?:ly)?|tl;?dr|(?:be|keep it|keep (?:the |your |it )?(?:answer|reply|response|explanation)s?|make it|stay) (?:brief|short|concise|tight)|brief (?:overview|summary|answer|reply|response|explanation|description)|short (?:answer|reply|response|explanation)|as short as possible|in a nutshell|(?:no|without) (?:long|lengthy) (?:explanations?|answers?))\b/gi,
    () => ({ kind: 'brevity' }),
  ],
  [phraseRegExp(DEPTH), () => ({ kind: 'depth' })],
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
  ],
  // "List the top 10 wins", "Walk through all nine steps": a count of whatever things are ordered.
  [
    new RegExp(
      `\\b(?:list|give|name|enumerate|provide|cover|walk (?:[a-z]+ ){1,2}through)\\s+(?:me\\s+)?(?:the\\s+|all\\s+)?(?:top\\s+)?${NUM}\\s+[a-z-]+`,
      'gi',
    ),
    (m) => ({ kind: 'count', unit: 'items', n: toNumber(m[1]) }),
  ],
  // "about 600 words long": a target length.
  [
    new RegExp(
      `\\b(?:about|around|roughly|approximately)\\s+${NUM}\\s+(words|characters|sentences|paragraphs)\\b`,
      'gi',
    ),
    (m) => ({ kind: 'count', unit: unitOf(m[2]), n: toNumber(m[1]) }),
  ],
  // The same limits and demands in French, Spanish, German, Italian and Portuguese.
  [
    /(?<![\wß-öø-ÿ])(?:en une seule phrase|en une phrase|en una (?:sola )?frase|in einem (?:einzigen )?Satz|in una (?:sola )?frase|em uma (?:única )?frase|numa frase)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'max', unit: 'sentences', n: 1 }),
  ],
  [
    /(?<![\wß-öø-ÿ])(?:en détail|de manière détaillée|en profundidad|detalladamente|en detalle|ausführlich|im Detail|in dettaglio|dettagliatamente|em detalhe|detalhadamente)(?![\wß-öø-ÿ])/gi,
    () => ({ kind: 'depth' }),
  ],
  [
    /(?<![\wß-öø-ÿ])(?:mindestens|au moins|al menos|como mínimo|almeno|pelo menos|no mínimo)\s+(\d+|drei|vier|fünf|trois|quatre|cinq|tres|cuatro|cinco|tre|quattro|três)\s+(Absätzen?|paragraphes|párrafos|paragrafi|parágrafos|Sätzen?|phrases|frases|frasi|Wörtern?|mots|palabras|parole|palavras)/gi,
    (m) => ({ kind: 'min', unit: foreignUnit(m[2]), n: foreignNumber(m[1]) }),
  ],
  // Output formats. Data formats count when the answer is framed as them, not when the input is.
  [
    /\b(?:(?:respond|reply|answer|return|output|format(?:ted)?|give|provide|produce|write|structure[d]?)\b[^.\n]{0,30}?\b(?:as|in|into|using)\s+(?:a |an |valid |strict |plain )?(json|csv|yaml|xml)\b|(json|csv|yaml|xml) (?:object|array|format|output|only|response|document|file)\b|(?:as|in|into) (?:valid |strict )?(json|csv|yaml|xml)\b|\b(?:valid|only|strict) (json|csv|yaml|xml)\b)/gi,
    (m) => {
      const format = (m[1] ?? m[2] ?? m[3] ?? m[4]).toLowerCase() as Format;
      return { kind: 'format', format, only: /\bonly\b/i.test(m[0]) };
    },
  ],
  [
    /\b(?:in|as|into) (?:a )?(?:markdown |simple |two-column |comparison )?table\b|\btabular (?:form|format)\b|\bmarkdown table\b/gi,
    () => ({ kind: 'format', format: 'table', only: false }),
  ],
  [
    /\b(?:(?:in |as )?(?:a )?(?:bulleted|numbered) list|bullet points|as a list|in a list|use bullets|in bullet form)\b/gi,
    () => ({ kind: 'format', format: 'list', only: false }),
  ],
  [
    /\b(?:as|in the form of|formatted as|written as) (?:a |an )?(?:[\w-]+ ){0,2}?(?:letter|e-?mail)\b(?! (?:address|subject|template))|\b(?:plain|personal|traditional) letter\b|\bletter format\b/gi,
    () => ({ kind: 'format', format: 'letter', only: false }),
  ],
  [
    /\b(?:in (?:plain |flowing |continuous )?prose|as (?:plain|flowing|running) (?:text|prose)|(?:plain|flowing|running) prose|as an essay|in essay form|flowing paragraphs|plain text only|only plain text)\b/gi,
    () => ({ kind: 'format', format: 'prose', only: false }),
  ],
  [
    /\b(?:no|avoid(?: using)?|don'?t use|do not use|without|never use)(?: any)? (bullet(?:ed)?(?: points| lists)?|bullets|lists|numbered lists|tables?|json|markdown)(?: formatting)?\b/gi,
    (m) => {
      const what = m[1].toLowerCase();
      const format: Format = what.startsWith('table')
        ? 'table'
        : what === 'json'
          ? 'json'
          : what === 'markdown'
            ? 'table'
            : 'list';
      return { kind: 'forbid', format };
    },
  ],
  [
    /\b(?:no|don'?t|do not|never|without)(?: write| give| add| include| provide| type)?(?: any)? explanations?\b/gi,
    () => ({ kind: 'forbid', format: 'explanation' }),
  ],
  [/(?<![-\w])(?:formal(?:ly)?|strictly professional)\b/gi, () => ({ kind: 'register', register: 'formal' })],
  [/\b(?:casual(?:ly)?|informal(?:ly)?|slang|chatty|jokey)\b/gi, () => ({ kind: 'register', register: 'casual' })],
  [
    /\b(?:explain your reasoning|(?:add|write|include|give) (?:a |an |the )?(?:short )?(?:explanations?|commentary|introduction)|start with a (?:short )?(?:introduction|greeting)|(?:include|add) (?:a )?(?:friendly )?(?:preamble|sign-off))\b/gi,
    () => ({ kind: 'extra' }),
  ],
];

/** A negation flips a phrase into its opposite ("not too detailed"): only the forbid extractor reads it. */
function negatable(slot: Omit<Slot, keyof Place>): boolean {
  return slot.kind !== 'forbid';
}

/** The last prompt's slots: two rules read them, and the linter runs the rules one after the other. */
let last: { text: string; slots: Slot[] } | undefined;

/** Every constraint slot outside fenced data, in text order. */
export function constraintSlots(text: string): Slot[] {
  if (last?.text !== text) last = { text, slots: extractSlots(text) };
  return last.slots;
}

function extractSlots(text: string): Slot[] {
  const data = delimitedRanges(text);
  const out: Slot[] = [];
  for (const [re, make] of EXTRACTORS) {
    for (const m of text.matchAll(re)) {
      const start = m.index ?? 0;
      if (insideAny(data, start)) continue;
      const slot = make(m);
      if (!slot) continue;
      if (negatable(slot) && negatedAt(text, start)) continue;
      out.push({ ...slot, phrase: m[0], start, end: start + m[0].length } as Slot);
    }
  }
  return out.sort((a, b) => a.start - b.start);
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
  if (a.kind === 'max' && b.kind === 'min')
    return a.unit === b.unit && b.n > a.n ? 'the minimum length is above the maximum' : undefined;
  if (a.kind === 'max' && b.kind === 'count') {
    if (a.unit === 'sentences' && a.n === 1 && (b.n === undefined || b.n >= 2))
      return 'one sentence cannot hold several items or paragraphs';
    if (a.unit === b.unit && b.n !== undefined && b.n > a.n) return `${b.n} ${b.unit} cannot fit in at most ${a.n}`;
    // Two sentences cannot hold nine separate steps or paragraphs; a word is at least four characters.
    if (a.unit === 'sentences' && b.unit !== 'words' && b.unit !== 'characters' && b.n !== undefined && b.n > 2 * a.n)
      return `${b.n} ${b.unit} cannot fit in ${a.n} sentences`;
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
    return a.format === b.format
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
    return a.only && a.format === 'json' ? 'nothing but JSON leaves no room for prose around it' : undefined;
  if (a.kind === 'register' && b.kind === 'register')
    return a.register !== b.register ? 'the tone cannot be both formal and casual' : undefined;
  return undefined;
}
