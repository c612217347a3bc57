/**
 * Constraints read as (target, kind, value) and compared per target: a bound on how many of one thing
 * ("at least 20 ideas" / "no more than 10 ideas"), the length of each item ("12-word bullets" / "each
 * bullet 20 words"), "only the list" against a second part the answer must hold, and a prohibition
 * against an element the answer must hold. Two constraints meet only when they name the same target.
 */
import { FOREIGN_NUMBER } from './numberWords';
import { fencedRanges } from './constraints';
import { insideAny, type Range, sentences, type Span, toNumber } from './text';

interface Place {
  phrase: string;
  start: number;
  end: number;
}

export interface TargetClash {
  earlier: Place;
  later: Place;
  why: string;
}

type Bound = 'min' | 'max' | 'exact';

interface Measure extends Place {
  /** Stems of the thing measured: "insights from the transcript" -> insig, trans. */
  target: string;
  bound: Bound;
  n: number;
}

/** A bound read from the whole match `m`. */
const measureOf = (m: RegExpExecArray, target: string, bound: Bound, n: number): Measure => ({
  phrase: m[0],
  start: m.index,
  end: m.index + m[0].length,
  target,
  bound,
  n,
});

const LETTER = 'a-zA-ZÀ-ÖØ-öø-ÿ\\u0100-\\u024f';
const W = `[${LETTER}]`;
const NUM = `(\\d+|${FOREIGN_NUMBER}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)`;
/** A whole word or phrase; every pattern here starts with an ASCII letter, so \\b marks its start fast. */
const whole = (source: string, flags = 'gi') => new RegExp(`\\b(?:${source})(?![${LETTER}])`, flags);

const MIN_WORDS =
  'at least|a minimum of|minimum of|no fewer than|no less than|au moins|au minimum|al menos|como mínimo|por lo menos|mindestens|wenigstens|almeno|per lo meno|pelo menos|no mínimo|ao menos';
const MAX_WORDS =
  "up to|at most|no more than|not more than|a maximum of|maximum of|max\\.?|au plus|au maximum|pas plus de|jusqu'à|jusqu’à|no más de|como máximo|hasta|höchstens|maximal|bis zu|nicht mehr als|al massimo|non più di|fino a|no máximo|até|não mais de|no more|never more than";
const EXACT_WORDS = 'exactly|precisely|exactement|exactamente|genau|esattamente|exatamente';
const boundOf = (word: string): Bound => {
  const w = word.toLowerCase();
  if (new RegExp(`^(?:${EXACT_WORDS})$`, 'i').test(w)) return 'exact';
  return new RegExp(`^(?:${MIN_WORDS})$`, 'i').test(w) ? 'min' : 'max';
};

/** Units of length: a count of these is the answer's or an item's length, read below or by constraints.ts. */
const LENGTH_UNIT =
  /^(?:words?|sentences?|lines?|paragraphs?|characters?|chars|pages?|minutes?|seconds?|mots?|phrases?|lignes?|paragraphes?|caractères?|palabras?|frases?|líneas?|párrafos?|caracteres?|wörtern?|worte|wort|sätzen?|satz|zeilen?|absätzen?|absatz|zeichen|parole|parola|frasi|righe|paragrafi|caratteri|palavras?|linhas?|parágrafos?)$/i;

/** Little words that say nothing about which thing is counted. */
const STOP = new Set(
  'from|with|that|this|these|those|each|every|about|into|your|their|which|where|when|more|most|than|only|also|other|such|some|very|they|them|pour|dans|avec|chaque|sobre|para|cada|desde|über|aus|dem|den|der|die|das|eine|einen|jeder|jede|jedes|della|delle|degli|dalla|sulla|ogni|como|pelo|pela|sobre|para|cada|unique|different|distinct|main|most|best|important|relevant|possible|specific|concrete|clear|good|great|short|brief|total'.split(
    '|',
  ),
);

/** A word's stem, enough to match "insight" with "insights", "Preis" with "Preise", "puce" with "puces". */
const stem = (word: string) => word.toLowerCase().slice(0, 5);

function stems(words: string): string[] {
  return [...words.matchAll(new RegExp(`${W}{4,}`, 'g'))]
    .map((m) => m[0])
    .filter((w) => !STOP.has(w.toLowerCase()))
    .map(stem);
}

/** "at least 25 insights", "au plus 5 recommandations", "höchstens 5 Fehler": a bound on how many of a thing. */
const COUNT_BOUND = whole(
  `(${MIN_WORDS}|${MAX_WORDS}|${EXACT_WORDS})\\s+${NUM}(?:\\s+((?:${W}[${LETTER}'’-]*\\s+){0,1}${W}[${LETTER}'’-]*)|(?=\\s*(?:[.;!]|$)))`,
);
/** "List all seven risk factors as separate bullets": a count of bullets, whatever each holds. */
const AS_SEPARATE = whole(
  `${NUM}\\s+(?:${W}+\\s+){1,6}?(?:as|in|on)\\s+(?:separate|individual|distinct|their own)\\s+(bullets?|bullet points|items|lines|rows|paragraphs)`,
);
/** "make sure the list has five items": the size of the answer's one list. */
const LIST_SIZE = whole(
  `(?:the|your|this)\\s+list\\s+(?:has|have|contains?|holds?|should (?:have|contain)|must (?:have|contain)|needs? to have|with)\\s+(?:exactly\\s+)?${NUM}\\s+(?:items|entries|elements|points|bullets|lines)`,
);
const LIST = '*list';
const SEPARATE_GATE = /\b(?:separate|individual|distinct|their own)\b/gi;
const LIST_GATE = /\blist\s+(?:has|have|contain|hold|should|must|need|with)/gi;

/** The thing a count "of the most ..." names: the last word before "from", "in", "that". */
const OF_THE_MOST = /^[^.\n]*?\b([a-zA-Z]{4,})\s+(?:from|in|that|which|for|about)\b/;

/** A thing named in capitals, as prompts name their sections: "IDEAS", "RECOMMENDATIONS". */
const CAPS_NAME = /\b[A-Z][A-Z-]{3,}\b/g;

/** "Make sure you extract at least 20." counts what was named just before: the last measure or capital name. */
function elidedTarget(text: string, at: number, earlier: Measure[]): string | undefined {
  const from = Math.max(0, at - 300);
  const last = earlier[earlier.length - 1];
  const names = [...text.slice(from, at).matchAll(CAPS_NAME)];
  const name = names[names.length - 1];
  if (last && last.start >= from && (!name || last.start > from + (name.index ?? 0))) return last.target;
  return name ? stems(name[0])[0] : undefined;
}

/** Items limited each ("for each risk", "per section") are not the answer's count. */
const PER_ITEM_AFTER =
  /^\s*(?:per|for each|each|for every|apiece|in each|par|pour chaque|dans chaque|por|para cada|en cada|pro|je|für jede[nsr]?|in jede[mr]|per ogni|in ogni|ciascun[oa]?|cada um|em cada)(?![a-zA-ZÀ-ÖØ-öø-ÿ])/i;

function countBounds(
  text: string,
  spans: readonly Span[],
  hits: Map<string, number[]>,
  fenced: readonly Range[],
): Measure[] {
  const out: Measure[] = [];
  for (const [m] of inSentences(spans, hits.get('bound'), COUNT_BOUND)) {
    if (insideAny(fenced, m.index)) continue;
    const n = toNumber(m[2]);
    if (n === undefined) continue;
    if (m[3] === undefined) {
      const target = elidedTarget(text, m.index, out);
      if (target) out.push(measureOf(m, target, boundOf(m[1]), n));
      continue;
    }
    const words = m[3].split(/\s+/);
    if (LENGTH_UNIT.test(words[0])) continue;
    // "up to 20 of the most surprising ... trends from the content": the thing is named further on.
    if (/^of$/i.test(words[0])) {
      const named = OF_THE_MOST.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 120));
      const target = named ? stems(named[1])[0] : undefined;
      if (target) out.push(measureOf(m, target, boundOf(m[1]), n));
      continue;
    }
    // "at least 3 examples per section" bounds each section's examples, not the answer's.
    const rest = text.slice(m.index + m[0].length - m[3].length + words[0].length, m.index + m[0].length + 20);
    if (PER_ITEM_AFTER.test(rest)) continue;
    const target = stems(m[3]);
    if (target.length === 0) continue;
    out.push(measureOf(m, target[0], boundOf(m[1]), n));
  }
  for (const [m] of inSentences(spans, hits.get('separate'), AS_SEPARATE)) {
    const n = toNumber(m[1]);
    const target = stems(m[2])[0];
    if (n !== undefined && target && !insideAny(fenced, m.index)) out.push(measureOf(m, target, 'exact', n));
  }
  for (const [m] of inSentences(spans, hits.get('list'), LIST_SIZE)) {
    const n = toNumber(m[1]);
    if (n !== undefined && !insideAny(fenced, m.index)) out.push(measureOf(m, LIST, 'exact', n));
  }
  return out;
}

const LENGTH_UNITS_WORDS =
  'words?|mots|palabras|wörtern?|worte|parole|palavras|characters|caractères|caracteres|zeichen|caratteri';
/**
 * The length of each item: "12-word bullets", "each bullet must be exactly 20 words", "chaque puce doit
 * faire 10 mots", "bullets of at most 15 words".
 */
const ITEM_LENGTH = [
  // "12-word bullets"
  new RegExp(
    `(?<![${LETTER}\\d]|\\d\\s?[-–]\\s?|\\d to )(\\d+)[- ](?:word|mot|palabra|Wort|parola|palavra)s?\\s+(${W}+)`,
    'gi',
  ),
  // "each bullet (should be) (exactly) 20 words", "jeder Stichpunkt höchstens 12 Wörter"
  whole(
    `(?:each|every|chaque|cada|jede[rsn]?|ogni)\\s+(${W}+(?:\\s+points?)?)\\s+(?:[${LETTER}'’]+\\s+){0,4}?(?:(${MIN_WORDS}|${MAX_WORDS}|${EXACT_WORDS}|under|fewer than|less than|moins de|menos de|weniger als|meno di|menos de)\\s+)?(\\d+)\\s+(?:${LENGTH_UNITS_WORDS})`,
  ),
  // "bullets of (at most) 15 words", "puces de 10 mots": the noun is the word before the preposition.
  whole(
    `(?:of|de|di|von|com|con)\\s+(?:(${MIN_WORDS}|${MAX_WORDS}|${EXACT_WORDS})\\s+)?(\\d+)\\s+(?:${LENGTH_UNITS_WORDS})`,
  ),
];
const ITEM_LENGTH_GATE = /\d[\s-]+(?:word|mot|palabra|wort|wört|parol|palavra|charact|caract|zeichen)/gi;
/** "20 words" after "each X": the answer's whole length when X is the answer itself. */
const WHOLE_TARGET =
  /^(?:answer|reply|response|output|text|summary|réponse|respuesta|antwort|risposta|resposta|time|run|call)/i;

function itemLengths(
  text: string,
  spans: readonly Span[],
  hits: Map<string, number[]>,
  fenced: readonly Range[],
): Measure[] {
  const out: Measure[] = [];
  for (const [m, i] of inSentences(spans, hits.get('item'), ...ITEM_LENGTH)) {
    if (insideAny(fenced, m.index)) continue;
    // The third pattern starts at its preposition: its noun is the word before.
    const noun =
      i === 0
        ? m[2]
        : i === 1
          ? m[1]
          : (/([^\s\d.,;:!?()]+)\s+$/.exec(text.slice(Math.max(0, m.index - 30), m.index))?.[1] ?? '');
    const boundWord = i === 0 ? undefined : i === 1 ? m[2] : m[1];
    const n = Number(i === 0 ? m[1] : i === 1 ? m[3] : m[2]);
    if (WHOLE_TARGET.test(noun) || LENGTH_UNIT.test(noun) || /^(?:or|and|in|to|per|max|long)$/i.test(noun)) continue;
    const target = stems(noun);
    if (target.length === 0) continue;
    const bound: Bound = boundWord
      ? /^(?:under|fewer than|less than|moins de|menos de|weniger als|meno di)$/i.test(boundWord)
        ? 'max'
        : boundOf(boundWord)
      : 'exact';
    out.push(measureOf(m, `len:${target[0]}`, bound, n));
  }
  return out;
}

/** Why two bounds on one target disagree, or undefined when they can both hold as written. */
function boundsClash(a: Measure, b: Measure): string | undefined {
  // The list's size meets any exact count of things: "exactly three tips" are the list's items.
  const listMeets =
    (a.target === LIST) !== (b.target === LIST) &&
    a.bound === 'exact' &&
    b.bound === 'exact' &&
    !a.target.startsWith('len:') &&
    !b.target.startsWith('len:');
  if (a.target !== b.target && !listMeets) return undefined;
  const [lo, hi] = a.bound === 'min' ? [a, b] : [b, a];
  const what = a.target.startsWith('len:') ? 'the length of each item is' : 'the count is';
  if (a.bound === b.bound) return a.n !== b.n ? `${what} given twice, as ${a.n} and ${b.n}` : undefined;
  if (lo.bound === 'min' && hi.bound === 'max')
    return lo.n >= hi.n ? `${what} at least ${lo.n} and at most ${hi.n}` : undefined;
  const exact = a.bound === 'exact' ? a : b;
  const other = exact === a ? b : a;
  if (other.bound === 'min' && exact.n < other.n) return `${what} exactly ${exact.n} and at least ${other.n}`;
  if (other.bound === 'max' && exact.n > other.n) return `${what} exactly ${exact.n} and at most ${other.n}`;
  return undefined;
}

/** "If the text is long, ..." holds for one case only. */
const CONDITIONAL =
  /\b(?:if|when|whenever|unless|except|otherwise|si|cuando|wenn|falls|se|quando|sauf|salvo|außer|tranne)\b/i;

/** "Only output the list of bugs", "Ne renvoie que la liste", "nur die Liste": the answer is that one thing. */
const ONLY = whole(
  [
    `(?:only|just)\\s+(?:output|return|print|give|write|provide|show|list|include)\\s+(?:me\\s+)?(?:the|a|an|your)\\s+((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:output|return|print|give|write|provide|show)\\s+(?:me\\s+)?(?:only|just)\\s+(?:the|a|an|your)\\s+((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:reply|respond|answer)\\s+(?:with\\s+only|only\\s+with|with\\s+just|just\\s+with)\\s+(?:the|a|an|your)\\s+((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:ne|n[’'])\\s*(?:renvoie|renvoyez|donne|donnez|écris|écrivez|affiche|affichez|fournis|fournissez)\\s+que\\s+(?:la|le|les|l[’']|une?)\\s*((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:devuelve|escribe|da|muestra|entrega)\\s+(?:solo|solamente|únicamente)\\s+(?:la|el|los|las|una?)\\s+((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:gib|schreibe?|liefere)\\s+(?:nur|ausschließlich)\\s+(?:die|den|das|eine?n?)\\s+((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:restituisci|scrivi|fornisci|mostra)\\s+(?:solo|soltanto|unicamente)\\s+(?:la|il|lo|l[’']|gli|le|una?)\\s*((?:${W}+\\s+){0,3}?${W}+)`,
    `(?:retorne|devolva|escreva|forneça|mostre)\\s+(?:apenas|somente|só)\\s+(?:a|o|as|os|uma?)\\s+((?:${W}+\\s+){0,3}?${W}+)`,
  ].join('|'),
);
const ONLY_GATE =
  /\b(?:only|just|que|solo|sólo|solamente|únicamente|nur|ausschließlich|soltanto|unicamente|apenas|somente|só)(?![a-zA-ZÀ-ÖØ-öø-ÿ])/gi;
/** What "only" names when it names a form, not a part: "only output Markdown", "only the answer". */
const NOT_A_PART =
  /^(?:single|one|lines?|paragraphs?|sentences?|words?|lowercase|uppercase|valid|raw|markdown|text|plain|english|french|spanish|german|answer|response|output|results?|following|requested|above|content|format|sections?|parts?|information|final|same|exact|réponse|texte|sortie|respuesta|texto|salida|antwort|ausgabe|risposta|testo|resposta|saída)\b/i;
/** A second part the answer must hold: "add a note", "end with recommendations", "ajoute une note". */
const EXTRA_PART = whole(
  [
    `(?:explain|justify)\\s+(?:your|the)\\s+(reasoning|answer|choice|thinking|decision)|show\\s+your\\s+(work|reasoning)|(?:start|begin|open)\\s+(?:your\\s+(?:reply|answer|response)\\s+)?with\\s+(?:a|an)\\s+(?:${W}+\\s+){0,2}?(paragraph|greeting|introduction)`,
    `(?:add|include|append|write|output|provide|give|draw|create|attach|end with|finish with|close with|conclude with|follow (?:it|this|them|the \\w+) with)\\s+(?:also\\s+)?(?:a|an|one|your|some|the|short|brief)?\\s*(?:${W}+\\s+){0,2}?(notes?|section|diagram|summary|recommendations?|explanations?|paragraph|conclusion|introduction|commentary|disclaimer|caveat|warning|rationale|justification|reasoning|chart|sketch|remarks?)`,
    `(?:ajoute|ajoutez|inclus|incluez|termine|terminez|écris|écrivez)\\s+(?:ensuite\\s+|aussi\\s+|enfin\\s+)?(?:une?|la|le|des)\\s+(?:${W}+\\s+){0,2}?(note|section|remarque|explication|conclusion|introduction|recommandations?|diagramme|résumé|commentaire)`,
    `(?:añade|agrega|incluye|termina|escribe)\\s+(?:después\\s+|también\\s+)?(?:una?|la|el|unas)\\s+(?:${W}+\\s+){0,2}?(nota|sección|explicación|conclusión|introducción|recomendaci(?:ón|ones)|diagrama|resumen|comentario)`,
    `(?:füge|schreibe?|ergänze)\\s+(?:danach\\s+|auch\\s+|am Ende\\s+)?(?:eine?n?|die|den)\\s+(?:${W}+\\s+){0,2}?(Notiz|Anmerkung|Erklärung|Abschnitt|Zusammenfassung|Empfehlungen?|Diagramm|Kommentar|Fazit)`,
    `(?:aggiungi|includi|scrivi|termina)\\s+(?:poi\\s+|anche\\s+)?(?:una?|la|il|delle)\\s+(?:${W}+\\s+){0,2}?(nota|sezione|spiegazione|conclusione|introduzione|raccomandazion[ei]|diagramma|riassunto|commento)`,
    `(?:adicione|acrescente|inclua|termine|escreva)\\s+(?:depois\\s+|também\\s+)?(?:uma?|a|o)\\s+(?:${W}+\\s+){0,2}?(nota|seção|secção|explicação|conclusão|introdução|recomendaç(?:ão|ões)|diagrama|resumo|comentário)`,
  ].join('|'),
);

/** A sentence set inside a part: "In the list, ...", "For each bug, ...". */
const INSIDE_LEAD =
  /^(?:in|within|inside|for|on|to|each|every|under|dans|pour|chaque|en|para|cada|für|jede[rsn]?|nel|nella|per|ogni|na|no|em)(?![a-zA-ZÀ-ÖØ-öø-ÿ])/i;

const EXTRA_GATE =
  /\b(?:reasoning|justify|work|greeting|notes?|section|diagram|summary|recommendation|explanation|paragraph|conclusion|introduction|commentary|disclaimer|caveat|warning|rationale|justification|reasoning|chart|sketch|remark|remarque|explication|diagramme|résumé|commentaire|nota|sección|explicación|conclusión|introducción|recomendaci|diagrama|resumen|comentario|notiz|anmerkung|erklärung|abschnitt|zusammenfassung|empfehlung|diagramm|kommentar|fazit|sezione|spiegazione|conclusione|introduzione|raccomandazion|riassunto|commento|seção|secção|explicação|conclusão|introdução|recomendaç|resumo|comentário)/gi;
const BAN_GATE = gates({ ban: /n['’]t\b|\b(?:not|never|avoid|ne|no|non|não|keine?n?|nie|nicht)\b/.source });

/** "Do not tell me to see a doctor", "Erwähne keine Preise": what the answer must not hold. */
const PROHIBITION = whole(
  [
    `(?:do not|don['’]t|never|avoid)\\s+(?:ever\\s+)?(?:tell(?:ing)?\\s+(?:me|the user|them|him|her|readers?)\\s+to|mention(?:ing)?|includ(?:e|ing)|add(?:ing)?|recommend(?:ing)?|suggest(?:ing)?|refer(?:ring)? to|nam(?:e|ing)|giv(?:e|ing)|list(?:ing)?|quot(?:e|ing)|cit(?:e|ing)|us(?:e|ing))\\s+([^.;:\\n]{3,60})`,
    `ne\\s+(?:mentionne|mentionnez|cite|citez|donne|donnez|ajoute|ajoutez|recommande|recommandez|inclus|incluez|dis|dites|utilise|utilisez)\\s+(?:pas|jamais|aucune?)\\s+([^.;:\\n]{3,60})`,
    `no\\s+(?:menciones|mencione|incluyas|incluya|des|dé|digas|diga|recomiendes|recomiende|añadas|añada|uses|use|cites|cite)\\s+([^.;:\\n]{3,60})`,
    `(?:erwähne|erwähnen Sie|nenne|nennen Sie|gib|geben Sie|empfiehl|empfehlen Sie|füge|verwende|verwenden Sie)\\s+(?:keine?n?|nie|niemals|nicht)\\s+([^.;:\\n]{3,60})`,
    `non\\s+(?:menzionare|citare|includere|aggiungere|dire|consigliare|usare|indicare|nominare)\\s+([^.;:\\n]{3,60})`,
    `não\\s+(?:mencione|inclua|adicione|diga|recomende|use|cite|indique)\\s+([^.;:\\n]{3,60})`,
  ].join('|'),
);
/** A sentence that requires an element of the answer. */
const REQUIRE = whole(
  '(?:end|finish|close|conclude|start|begin|open)\\s+(?:(?:your|the)\\s+(?:answer|reply|response|message|text)\\s+|it\\s+|each\\s+\\w+\\s+)?with|include|add|append|mention|remind|always|must|recommend|suggest|name|list|give|termine|terminez|ajoute|ajoutez|inclus|mentionne|rappelle|cite|nomme|indique|termina|añade|incluye|menciona|recuerda|nombra|indica|nenne|erwähne|füge|ende|schließe|beende|aggiungi|includi|menziona|ricorda|concludi|adicione|inclua|mencione|lembre|conclua|indique',
  'i',
);
const NEGATION =
  /n['’]t\b|\b(?:not|never|no|without|avoid|ne|pas|nunca|jamais|keine?n?|nicht|nie|non|não|sin|sans|senza|sem)\b/i;

function sentenceIndex(spans: readonly Span[], at: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end <= at) lo = mid + 1;
    else if (spans[mid].start > at) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/**
 * Gate patterns by name as one pattern, each in its own group (unnamed: V8 builds a groups object for
 * every match of a pattern with named groups). The sources must hold no capturing group of their own.
 */
interface Gates {
  re: RegExp;
  names: string[];
}
function gates(sources: Record<string, string>): Gates {
  return {
    re: new RegExp(
      Object.values(sources)
        .map((source) => `(${source})`)
        .join('|'),
      'gi',
    ),
    names: Object.keys(sources),
  };
}

/**
 * Where each gate word occurs, by sentence: one pass of one pattern over the text for all gates, since
 * each pass over a long prompt costs about the same whatever its alternatives. Sentence indices ascend.
 */
function gateHits(text: string, spans: readonly Span[], { re, names }: Gates): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of text.matchAll(re)) {
    let g = 1;
    while (g < m.length && m[g] === undefined) g++;
    const name = names[g - 1];
    const i = sentenceIndex(spans, m.index ?? 0);
    if (!name || i < 0) continue;
    const list = out.get(name) ?? [];
    if (list[list.length - 1] !== i) list.push(i);
    out.set(name, list);
  }
  return out;
}

/**
 * Matches of costly patterns, run only in the sentences a gate word was found in: on a long prompt most
 * sentences hold none, and the patterns run on a few short strings. Indices are the text's.
 */
function* inSentences(
  spans: readonly Span[],
  sentenceIds: readonly number[] | undefined,
  ...res: RegExp[]
): Generator<[RegExpExecArray, number]> {
  for (const i of sentenceIds ?? []) {
    const span = spans[i];
    // exec, not matchAll: matchAll copies the pattern on every call, and this runs once per sentence.
    for (let r = 0; r < res.length; r++) {
      const re = res[r];
      re.lastIndex = 0;
      for (let m = re.exec(span.text); m; m = re.exec(span.text)) {
        const at = m.index;
        if (m[0] === '') re.lastIndex++;
        m.index = span.start + at;
        yield [m, r];
      }
    }
  }
}

function placeOf(m: RegExpMatchArray): Place {
  return { phrase: m[0].trim(), start: m.index ?? 0, end: (m.index ?? 0) + m[0].trimEnd().length };
}

/** "Only output the list" against "add a note": the answer cannot be only one thing and hold another. */
function onlyClashes(
  text: string,
  spans: readonly Span[],
  hits: Map<string, number[]>,
  fenced: readonly Range[],
): TargetClash[] {
  const onlys: Array<Place & { what: string[]; sentence: number }> = [];
  for (const [m] of inSentences(spans, hits.get('only'), ONLY)) {
    if (insideAny(fenced, m.index ?? 0)) continue;
    const what = m.slice(1).find((g) => g !== undefined) ?? '';
    if (NOT_A_PART.test(what)) continue;
    const sentence = sentenceIndex(spans, m.index ?? 0);
    const s = spans[sentence]?.text ?? '';
    // "Do not give analysis, just give an overview" sets a contrast, not the whole answer.
    if (NEGATION.test(text.slice(spans[sentence]?.start ?? 0, m.index))) continue;
    // "In the IDEAS section, only output ..." limits one part; "if ..." one case.
    if (
      CONDITIONAL.test(s) ||
      /\b(?:section|sección|sezione|seção|abschnitt|each|every|chaque|cada|jede[rsn]?|ogni)\b/i.test(s)
    )
      continue;
    onlys.push({ ...placeOf(m), what: stems(what), sentence });
  }
  if (onlys.length === 0) return [];
  const out: TargetClash[] = [];
  // "Just list the problem and nothing else" against "Only output the solution": two different only things.
  for (let j = 1; j < onlys.length; j++) {
    const other = onlys
      .slice(0, j)
      .find((o) => o.sentence !== onlys[j].sentence && !o.what.some((w) => onlys[j].what.includes(w)));
    if (other) {
      out.push({ earlier: other, later: onlys[j], why: 'the answer cannot be only one thing and only another' });
      break;
    }
  }
  for (const [m] of inSentences(spans, hits.get('extra'), EXTRA_PART)) {
    if (insideAny(fenced, m.index ?? 0)) continue;
    const sentence = sentenceIndex(spans, m.index ?? 0);
    const s = spans[sentence]?.text ?? '';
    if (CONDITIONAL.test(s) || NEGATION.test(text.slice(Math.max(0, (m.index ?? 0) - 25), m.index))) continue;
    const extra = placeOf(m);
    for (const only of onlys) {
      if (only.sentence === sentence) continue;
      // A part of the one thing is inside it: "In the list, add a note ...", "add a summary to the list".
      const around = `${INSIDE_LEAD.test(s) ? s : ''} ${text.slice(extra.end, extra.end + 40).split(/[.\n]/)[0]}`;
      if (only.what.some((w) => stems(around).includes(w))) continue;
      const [earlier, later] = only.start < extra.start ? [only, extra] : [extra, only];
      out.push({
        earlier: { phrase: earlier.phrase, start: earlier.start, end: earlier.end },
        later: { phrase: later.phrase, start: later.start, end: later.end },
        why: 'an answer that is only one thing cannot hold a second part',
      });
      break;
    }
  }
  return out;
}

/** "Do not tell me to see a doctor" against "end with a reminder to see a doctor". */
function prohibitionClashes(text: string, spans: readonly Span[], fenced: readonly Range[]): TargetClash[] {
  const out: TargetClash[] = [];
  const bans: Array<Place & { what: string[]; sentence: number }> = [];
  for (const [m] of inSentences(spans, gateHits(text, spans, BAN_GATE).get('ban'), PROHIBITION)) {
    if (insideAny(fenced, m.index ?? 0)) continue;
    const object = (m.slice(1).find((g) => g !== undefined) ?? '').split(
      /,|\s(?:but|and|or|mais|pero|aber|ma|mas|et|y|und|e)\s/i,
    )[0];
    const what = stems(object).slice(0, 3);
    if (what.length === 0) continue;
    bans.push({ ...placeOf(m), what, sentence: sentenceIndex(spans, m.index ?? 0) });
  }
  if (bans.length === 0) return out;
  // Lowercased with offsets kept: a few letters ("İ") lowercase to two characters.
  let lower = text.toLowerCase();
  if (lower.length !== text.length)
    lower = text.replace(/[^a-z]/g, (c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c));
  /** Per sentence: the stems of a sentence that requires something, or null for any other sentence. */
  const requiring = new Map<number, Set<string> | null>();
  const required = (i: number) => {
    let have = requiring.get(i);
    if (have === undefined) {
      const t = spans[i].text;
      have =
        CONDITIONAL.test(t) || NEGATION.test(t) || !REQUIRE.test(t) || insideAny(fenced, spans[i].start)
          ? null
          : new Set(stems(t));
      requiring.set(i, have);
    }
    return have;
  };
  // One pass over the text finds every sentence holding a ban's first word; those that require it clash.
  const firsts = [...new Set(bans.map((b) => b.what[0]))];
  const holding = new Map<string, number[]>(firsts.map((w) => [w, []]));
  const escaped = firsts.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  for (const m of lower.matchAll(new RegExp(escaped.join('|'), 'g'))) {
    const i = sentenceIndex(spans, m.index ?? 0);
    const list = holding.get(m[0]);
    if (i >= 0 && list && list[list.length - 1] !== i && required(i)) list.push(i);
  }
  for (const ban of bans) {
    const i = holding.get(ban.what[0])?.find((k) => k !== ban.sentence && ban.what.every((w) => required(k)?.has(w)));
    if (i === undefined) continue;
    const span = spans[i];
    const place = { phrase: span.text, start: span.start, end: span.end };
    const [earlier, later] = ban.start < span.start ? [ban, place] : [place, ban];
    out.push({
      earlier: { phrase: earlier.phrase, start: earlier.start, end: earlier.end },
      later: { phrase: later.phrase, start: later.start, end: later.end },
      why: 'the same element is both forbidden and required',
    });
  }
  return out;
}

const SECTION_NAMED =
  /\b(?:section|heading|part)\s+(?:called|named|titled|headed|labell?ed)\s+["“']?([^,.:;"”'\n]{1,40})|\b(?:under|in) (?:the )?["“]?([A-Z][A-Z -]{2,40})["”]? (?:section|heading)/i;
/** A template's field label on a line of its own: "BACKGROUND:", "MOST IMPACTFUL IDEAS:". */
const LABEL_LINE = /^[ \t]*([A-Z][A-Z0-9 /'&()-]{2,60}):[ \t]*$/gm;

/** The part of the answer a sentence is about: a section it names, or the template field it sits under. */
function sectionScope(text: string): (sentence: Span) => string {
  let labels: Array<{ at: number; name: string }> | undefined;
  return (sentence) => {
    labels ??= [...text.matchAll(LABEL_LINE)].map((m) => ({ at: m.index ?? 0, name: m[1].toLowerCase() }));
    const m = SECTION_NAMED.exec(sentence.text);
    if (m) return (m[1] ?? m[2]).trim().toLowerCase();
    let name = '';
    for (const label of labels) {
      if (label.at > sentence.start) break;
      name = label.name;
    }
    return name;
  };
}

/** The gates of the patterns above, in one pattern: a named group says which matched. */
const GATES = gates({
  bound: `\\b(?:${MIN_WORDS}|${MAX_WORDS}|${EXACT_WORDS})(?![${LETTER}])`,
  separate: SEPARATE_GATE.source,
  list: LIST_GATE.source,
  item: ITEM_LENGTH_GATE.source,
  only: ONLY_GATE.source,
  extra: EXTRA_GATE.source,
});

/** Every pair of constraints on one target that cannot both hold as written. */
export function targetClashes(text: string, spans: readonly Span[] = sentences(text)): TargetClash[] {
  const fenced = fencedRanges(text);
  const out: TargetClash[] = [];
  const hits = gateHits(text, spans, GATES);
  const measures = [...countBounds(text, spans, hits, fenced), ...itemLengths(text, spans, hits, fenced)].sort(
    (x, y) => x.start - y.start,
  );
  const reported = new Set<string>();
  const sectionOf = sectionScope(text);
  for (let j = 0; j < measures.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = measures[i];
      const b = measures[j];
      if ((a.target !== b.target && a.target !== LIST && b.target !== LIST) || reported.has(a.target)) continue;
      const sa = sentenceIndex(spans, a.start);
      const sb = sentenceIndex(spans, b.start);
      // "In a section called IDEAS, ..." sets that section's own counts and lengths; a rule for all sections
      // still meets each of them.
      const [secA, secB] = [spans[sa] ? sectionOf(spans[sa]) : '', spans[sb] ? sectionOf(spans[sb]) : ''];
      if (secA !== secB && secA !== '' && secB !== '') continue;
      if (sa === sb || CONDITIONAL.test(spans[sa]?.text ?? '') || CONDITIONAL.test(spans[sb]?.text ?? '')) continue;
      const why = boundsClash(a, b);
      if (!why) continue;
      reported.add(a.target);
      out.push({ earlier: a, later: b, why });
    }
  }
  out.push(...onlyClashes(text, spans, hits, fenced), ...prohibitionClashes(text, spans, fenced));
  return out;
}
