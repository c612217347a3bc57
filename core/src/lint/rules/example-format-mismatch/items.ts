/**
 * The list items of an example checked against what the prompt says of each item: its length in
 * words ("15-word bullets"), in sentences ("a 2-sentence definition"), the list's style (bullets or
 * numbers) and bold where asterisks are banned. Part of example-format-mismatch.
 */
import { exampleRegions, type Item, listItems, type Region } from './regions';
import { numberValue } from '../../reading/numberWords';
import type { RawFinding } from '../../types';

const NUM = '(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)';
const WORDS = '(?:words?|mots|palabras|w(?:ö|oe)rter(?:n)?|parole|palavras)';
const ITEMS =
  '(?:bullet(?: point)?s?|points?|items?|lines?|entries|puces?|points? de liste|viñetas?|elementos?|stichpunkte(?:n)?|aufzählungspunkte(?:n)?|punti(?: elenco)?|elenchi puntati|tópicos?|marcadores?)';
const AT_MOST =
  '(?:at most|no more than|not more than|up to|maximum(?: of)?|max\\.?|under|less than|fewer than|au plus|au maximum|como máximo|máximo|höchstens|maximal|al massimo|massimo|no máximo)';
/** "15-word bullets", "10-15 word long bullet points", "16-word sentences". */
const WORD_ITEMS = new RegExp(
  `\\b${NUM}(?:\\s*(?:-|–|to)\\s*${NUM})?[- ]word(?:[- ]long)?[- ](?:bullet(?: point)?s?|points|items|sentences|lines|ideas|recommendations|insights)\\b`,
  'gi',
);
/** "bullets of at most 12 words", "each of no more than 16 words", "Each bullet should be 16 words in length", "puces de 10 mots". */
const ITEMS_OF_WORDS = new RegExp(
  `\\b(?:${ITEMS}|each|every|chaque|cada|jede[nrs]?|ogni)\\b[^.\\n]{0,40}?\\b(${AT_MOST}\\s+)?${NUM}(?:\\s*(?:-|–|to|à|a|bis)\\s*${NUM})?\\s+${WORDS}(\\s+or (?:less|fewer)|\\s+(?:au plus|maximum|máximo|maximal|massimo))?`,
  'gi',
);
/** "16 words or less per bullet". */
const WORDS_PER_ITEM = new RegExp(
  `\\b${NUM}\\s+${WORDS}(\\s+or (?:less|fewer))?\\s+(?:per|each|for each|par|por|pro|per ogni)\\s+${ITEMS}`,
  'gi',
);

interface Range {
  lo: number;
  hi: number;
}

interface Rule extends Range {
  at: number;
}

/** The word for "words" in the six languages: the per-item rules are only read around it (a scan of the whole text is slow). */
const WORD_NOUN = /\b(?:words?|mots|palabras|w(?:ö|oe)rter(?:n)?|parole|palavras)\b/gi;

/** Every per-item word rule of the prompt, with where it is stated. */
function wordRules(text: string): Rule[] {
  const rules = new Map<number, Rule>();
  const add = (at: number, a: string, b: string | undefined, atMost: boolean) => {
    const x = numberValue(a);
    const y = b === undefined ? x : numberValue(b);
    if (x === undefined || y === undefined || x < 3 || y < x) return;
    rules.set(at, { at, lo: atMost ? 0 : x, hi: y });
  };
  for (const w of text.matchAll(WORD_NOUN)) {
    const from = Math.max(0, w.index - 90);
    const near = text.slice(from, w.index + 70);
    for (const m of near.matchAll(WORD_ITEMS)) add(from + m.index, m[1], m[2], false);
    for (const m of near.matchAll(ITEMS_OF_WORDS)) add(from + m.index, m[2], m[3], Boolean(m[1] || m[4]));
    for (const m of near.matchAll(WORDS_PER_ITEM)) add(from + m.index, m[1], undefined, Boolean(m[2]));
  }
  return [...rules.values()];
}

/** The loosest range a set of rules allows. */
function loosest(rules: Rule[]): Range | undefined {
  if (!rules.length) return undefined;
  return { lo: Math.min(...rules.map((r) => r.lo)), hi: Math.max(...rules.map((r) => r.hi)) };
}

/**
 * The word range that applies to a region: for an example opened inside an instruction, that
 * paragraph's rules; else the rules stated before it, or anywhere when none is.
 */
function wordsFor(text: string, rules: Rule[], region: Region): Range | undefined {
  if (region.inline) {
    const from = text.lastIndexOf('\n\n', region.start - 2) + 1;
    return loosest(rules.filter((r) => r.at >= from && r.at < region.start));
  }
  return loosest(rules.filter((r) => r.at < region.start)) ?? loosest(rules);
}

const WORDY = /[a-zA-ZÀ-ÖØ-öø-ÿ\u0100-\u024f\d]/;
const wordCount = (s: string) => s.split(/\s+/).filter((w) => WORDY.test(w)).length;

/** Items far off the stated words per item: a quarter over the most, or under seven tenths of the least. */
function wordFindings(text: string, rules: Rule[], region: Region, items: Item[]): RawFinding[] {
  const range = items.length ? wordsFor(text, rules, region) : undefined;
  if (!range) return [];
  const asked = range.lo === range.hi ? `${range.hi}` : range.lo ? `${range.lo}-${range.hi}` : `at most ${range.hi}`;
  const out: RawFinding[] = [];
  for (const item of items) {
    const n = wordCount(item.text);
    if (n > range.hi * 1.25 || n < range.lo * 0.7)
      out.push({
        message: `This example item has ${n} words, but the prompt asks for ${asked} words per item.`,
        start: item.start,
        end: item.start + item.text.length,
      });
  }
  return out;
}

const SENTENCE_NUM =
  '(one|a single|a|an|1|2|3|two|three|une?|una|uno|einem|einen|zwei|drei|due|tre|uma|duas|dos|deux|trois|tres|três)';
const SENTENCES = '(?:sentences?|phrases?|frases?|s(?:ä|a)tze?n?|satz|frasi)';
/** "a 2-sentence definition", "in one sentence each", "one sentence per item", "chaque terme en une phrase". */
const SENTENCES_PER_ITEM = new RegExp(
  `\\b${SENTENCE_NUM}[- ]sentence (?:definition|explanation|description|summary|answer)|\\b(?:each|every|chaque|cada|jede[nrs]?|ogni)\\b[^.\\n]{0,50}?\\b(?:in|en|em)\\s+${SENTENCE_NUM}(?: seule| sola| única| einzigen)?\\s+${SENTENCES}\\b|\\b(?:in\\s+)?${SENTENCE_NUM}\\s+${SENTENCES}\\s+(?:each|per (?:item|term|bullet|entry|line)|for each|par|por|pro|per ogni)\\b`,
  'gi',
);

const sentenceValue = (w: string) =>
  /^(?:one|a single|a|an|une?|una|uno|einem|einen|uma)$/i.test(w)
    ? 1
    : /^(?:dos|deux|duas)$/i.test(w)
      ? 2
      : /^(?:trois|tres|três|drei|tre)$/i.test(w)
        ? 3
        : (numberValue(w) ?? (/^zwei|due$/i.test(w) ? 2 : undefined));

const SENTENCE_NOUN = new RegExp(SENTENCES, 'gi');

/** The one number of sentences every item must have, if the prompt states a single one. */
function statedSentences(text: string): number | undefined {
  const counts = new Set<number>();
  // Read only around the word for "sentence": a scan of the whole text from every word is slow.
  for (const w of text.matchAll(SENTENCE_NOUN))
    for (const m of text.slice(Math.max(0, w.index - 80), w.index + 50).matchAll(SENTENCES_PER_ITEM)) {
      const v = sentenceValue(m[1] ?? m[2] ?? m[3]);
      if (v !== undefined) counts.add(v);
    }
  return counts.size === 1 ? [...counts][0] : undefined;
}

const LETTER = 'a-zA-ZÀ-ÖØ-öø-ÿ\\u0100-\\u024f';
const HAS_LETTER = new RegExp(`[${LETTER}]`);
const ABBREVIATION = /\b(?:Dr|Mr|Mrs|Ms|St|vs|etc|e\.g|i\.e|No|Inc|Ltd|approx|Sr|Jr|Prof|z\.B|p\.ex|ca)\./gi;

/** Sentences in a stretch of text: a stop, then a space and a capital; common abbreviations do not end one. */
function countSentences(s: string): number {
  return s
    .replace(ABBREVIATION, (m) => m.replace(/\./g, ''))
    .split(/[.!?]+["')\]]?(?=\s+["'(¿¡«]?[A-ZÀ-Ý0-9])/)
    .filter((p) => HAS_LETTER.test(p)).length;
}

/** Answer lines in an example: "Summary: ...", "Definition: ...", the answer's own label. */
const ANSWER_LINE =
  /^[ \t]*(?:output|answer|response|reply|summary|definition|explanation|description|résumé|réponse|resumen|respuesta|zusammenfassung|antwort|riassunto|risposta|resumo|resposta)[ \t]*:[ \t]+(\S[^\n]*)$/gim;

function sentenceFindings(text: string, regions: Region[], items: Item[]): RawFinding[] {
  const n = statedSentences(text);
  if (n === undefined) return [];
  const answers = regions.flatMap((r) =>
    [...r.body.matchAll(ANSWER_LINE)].map((m) => ({
      text: m[1].trim(),
      start: r.start + m.index + m[0].length - m[1].length,
    })),
  );
  const out: RawFinding[] = [];
  for (const a of [...items, ...answers]) {
    // "TERM: definition": the sentences counted are the definition's.
    const body = a.text.replace(/^[^:\n]{1,40}:\s+/, '');
    const got = countSentences(body);
    if (got === n || got === 0) continue;
    out.push({
      message: `This example has ${got} sentence${got === 1 ? '' : 's'} where the prompt asks for ${n}.`,
      start: a.start,
      end: a.start + a.text.length,
    });
  }
  return out;
}

const NUMBERED_ASKED =
  /\b(?<!not |no |never )(?:numbered (?:list|items|steps|points)|liste numérotée|lista numerada|nummerierte[nrs]? (?:liste|punkte)|elenco numerato|lista numerata)\b/i;
const BULLETS_ASKED =
  /\b(?:bullet(?:ed)? (?:points?|list|lists)|bullets|en puces|liste à puces|viñetas|lista con viñetas|aufzählungspunkte(?:n)?|stichpunkte(?:n)?|elenco puntato|punti elenco|marcadores|tópicos)\b/i;
const NOT_NUMBERED = /\b(?:not|no|never|without|instead of)\s+(?:a\s+)?numbered\b|\bnumbered\b[^.\n]{0,20}\bnot\b/i;

/** A list in the example in the other style than the one asked: numbers where bullets are asked, or the reverse. */
function styleFindings(text: string, regions: Region[]): RawFinding[] {
  const lists = regions.map(listItems).filter((items) => items.length);
  if (!lists.length) return [];
  const numbered = NUMBERED_ASKED.test(text) && !NOT_NUMBERED.test(text);
  const bullets = BULLETS_ASKED.test(text);
  if (numbered === bullets) return [];
  const out: RawFinding[] = [];
  for (const items of lists) {
    if (!items.every((i) => i.numbered === bullets)) continue;
    const first = items[0];
    out.push({
      message: bullets
        ? 'This example numbers its items, but the prompt asks for bullet points.'
        : 'This example uses bullets, but the prompt asks for a numbered list.',
      start: first.start,
      end: first.start + first.text.length,
    });
  }
  return out;
}

const NO_BOLD =
  /\b(?:no|not use|don't use|do not use|without|never use|avoid|not output any|do not output(?: any)?)\b[^.\n]{0,30}\b(?:asterisks?|bold(?:ing)?|bolded)\b|\b(?:sans (?:gras|astérisques?)|sin (?:negritas?|asteriscos?)|ohne (?:fettdruck|sternchen)|senza (?:grassetto|asterischi)|sem (?:negrito|asteriscos?))\b/i;

const BOLD_NOUN = /asteris|bold|gras\b|negrit|fettdruck|sternchen|grassetto/gi;

/** Bold in an example where the prompt bans asterisks or bold. */
function boldFindings(text: string, regions: Region[]): RawFinding[] {
  if (!regions.some((r) => r.body.includes('**'))) return [];
  if (![...text.matchAll(BOLD_NOUN)].some((m) => NO_BOLD.test(text.slice(Math.max(0, m.index - 50), m.index + 20))))
    return [];
  const out: RawFinding[] = [];
  for (const r of regions) {
    const m = /\*\*[^*\n]+\*\*/.exec(r.body);
    if (m)
      out.push({
        message: 'This example uses bold (**), but the prompt bans it.',
        start: r.start + m.index,
        end: r.start + m.index + m[0].length,
      });
  }
  return out;
}

/** Example list items whose length, style or markup breaks what the prompt asks of each item. */
export function itemFindings(text: string): RawFinding[] {
  const regions = exampleRegions(text);
  if (!regions.length) return [];
  const items = regions.flatMap(listItems).filter((i) => !i.placeholder);
  const rules = wordRules(text);
  return [
    ...regions.flatMap((r) =>
      wordFindings(
        text,
        rules,
        r,
        listItems(r).filter((i) => !i.placeholder),
      ),
    ),
    ...sentenceFindings(text, regions, items),
    ...styleFindings(text, regions),
    ...boldFindings(text, regions),
  ];
}
