/**
 * duplicate-instruction: the same instruction said twice, in the same or in other words. Sentences are
 * compared by their canonical tokens (stemmed, synonyms folded: "reply"/"respond"/"answer", "brief"/
 * "short", numbers in words read as digits; see canonical.ts), so "Only reply with the table" and
 * "You'll only respond with the table" meet; and by their typed slots, so "Keep it under 100 words" and
 * "No more than a hundred words" meet. Data fenced off as input is not counted.
 */
import { AT_LEAST, AT_MOST, canonicalTokens, isManner, isNumberToken, numbersOf, ONLY } from './canonical';
import { constraintSlots } from './constraints';
import { GUIDANCE } from './guidance';
import { lastTexts } from './lastTexts';
import { recentSentences } from './recentSentences';
import { delimitedRanges, insideAny, isInstruction, type Range, sentences, type Span, TASK_VERB } from './text';
import type { LintRule, RawFinding } from './types';

/** A restatement after a long fenced block is deliberate (instructions before and after the documents). */
const SANDWICH_DATA = 300;
const RECENT_PER_WORD = 12;
/** Read once per sentence text: an edit changes one sentence of a long prompt, not the others. */
const tokensOf = recentSentences(canonicalTokens);
/**
 * A prompt of many pages is mostly pasted material, its instructions at the start and the end: only
 * sentences there are compared, which keeps a 100 KB prompt within the time budget.
 */
const HEAD = 40_000;
const TAIL = 10_000;

/**
 * Words of the Latin-script languages the linter reads, and punctuation, without Unicode property
 * escapes: those cost several times more on a long prompt, and the browser build spells each one out
 * as a class of about 10 KB.
 */
const PUNCTUATION = /[!-/:-@[-`{-~\u00a1-\u00bf\u2010-\u205e]/g;

const exactKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
    .replace(/^(?:please|also|again|and)\b[,:]?\s+/, '')
    .replace(PUNCTUATION, '')
    .replace(/\s+/g, ' ')
    .trim();

/** "Remember, ...", "Again, ...", "As I said, ...": the author restates on purpose, and says so. */
const RESTATES =
  /^(?:[-*•]\s+)?(?:(?:and )?(?:remember(?:,|:| to| that)|again,|once again|as (?:i )?(?:mentioned|said|stated|noted)|i repeat|to repeat|reminder:|(?:always )?keep in mind|(?:please )?(?:don['’]t|do not|never) forget)|n['’]oublie[zs]? pas|rappelle-toi|rappelez-vous|recuerda|no olvides|denk daran|vergiss nicht|ricorda|non dimenticare|lembre-se|não esqueça)/i;

interface Seen {
  /** Its index among the sentences compared, for counting shared words in an array. */
  id: number;
  span: Span;
  /** Canonical tokens with their weights. */
  words: Map<string, number>;
  key: string;
  /** The numbers in the sentence: "3 bullets" and "5 bullets" are different instructions. */
  numbers: string;
  /** The named part of the answer its line or bullet is about ("... into a section called NOVELTY"). */
  part: string | undefined;
  /** The sentence states the prompt's purpose ("Your goal is to ..."): the task named, not an order. */
  purpose: boolean;
  /** What the pairwise tests read of the sentence, read once (see factsOf). */
  facts?: SentenceFacts;
}

/** What sameInstruction asks of each sentence: a long prompt meets each sentence in many pairs. */
interface SentenceFacts {
  weight: number;
  /** The sentence with its capitalised section names blanked, and its words (see parallel). */
  unnamed: string;
  tokens: string[];
  statement: boolean;
  perItem: boolean;
  section: string | undefined;
  restates: boolean;
  role: boolean;
}

function factsOf(seen: Seen): SentenceFacts {
  if (!seen.facts) seen.facts = { weight: weight(seen.words), ...textFactsOf(seen.span.text) };
  return seen.facts;
}

/** What a sentence's text alone tells, read once per sentence text across edits (see recentSentences). */
const textFactsOf = recentSentences(
  (t: string): Omit<SentenceFacts, 'weight'> => ({
    // Section names in capitals ("KEY POINTS", "TASKS") are the slot the template is applied to.
    unnamed: t.replace(/\b[A-Z][A-Z0-9]+(?:[ -][A-Z0-9]+)*\b/g, '_'),
    tokens: t.toLowerCase().match(/[a-zß-öø-ÿ\u0100-\u024f]+|\d+/g) ?? [],
    statement: statement(t),
    perItem: PER_ITEM_SCOPE.test(t),
    section: sectionOf(t),
    restates: RESTATES.test(t),
    role: ROLE.test(t),
  }),
);

/**
 * The same sentence with only a word or two swapped in place ("Write the IDEAS bullets as 16 words",
 * "Write the TASKS bullets as 16 words"): one template applied to different things, not a repeat.
 */
function parallel(a: Seen, b: Seen): boolean {
  const [fa, fb] = [factsOf(a), factsOf(b)];
  if (a.span.text !== b.span.text && fa.unnamed === fb.unnamed) return true;
  const [x, y] = [fa.tokens, fb.tokens];
  if (x.length !== y.length) return false;
  let differ = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) differ++;
  return differ > 0 && differ <= 2;
}

function grow(counts: Uint16Array): Uint16Array {
  const bigger = new Uint16Array(counts.length * 2);
  bigger.set(counts);
  return bigger;
}

const PER_ITEM_SCOPE = /\b(?:each|per|chaque|cada|jede[rsn]?|ogni)\b/i;

interface Likeness {
  /** Weight of the tokens both share. */
  shared: number;
  /** How many shared tokens are full content words (not light verbs, negation or numbers). */
  content: number;
  /** Shared weight over the smaller sentence's weight. */
  overlap: number;
  /** Shared weight over the union's weight. */
  jaccard: number;
  /** Content words only the smaller (and only the larger) sentence has. */
  ownSmall: number;
  ownLarge: number;
}

/** Numbers are compared on their own (see `numbers`), so they do not weigh in the likeness. */
const weight = (m: Map<string, number>) => {
  let w = 0;
  for (const [token, v] of m) if (!isNumberToken(token)) w += v;
  return w;
};

function likeness(a: Map<string, number>, wa: number, b: Map<string, number>, wb: number): Likeness {
  const [small, large] = wa <= wb ? [a, b] : [b, a];
  let shared = 0;
  let content = 0;
  let ownSmall = 0;
  for (const [token, w] of small) {
    if (!large.has(token)) {
      if (isContent(token, w)) ownSmall++;
      continue;
    }
    if (isNumberToken(token)) continue;
    shared += Math.min(w, large.get(token) ?? w);
    if (isContent(token, w)) content++;
  }
  return {
    shared,
    content,
    overlap: shared / Math.min(wa, wb),
    jaccard: shared / (wa + wb - shared),
    ownSmall,
    // Read only by the pairs that pass the first test: most do not.
    get ownLarge() {
      return ownContent(large, small);
    },
  };
}

const isContent = (token: string, w: number) => w === 1 && token !== 'not' && !isNumberToken(token);

/** Content words of one sentence the other lacks: what the instruction adds of its own. */
function ownContent(of: Map<string, number>, other: Map<string, number>): number {
  let n = 0;
  for (const [token, w] of of) if (isContent(token, w) && !other.has(token)) n++;
  return n;
}

/**
 * Whether the numbers of two sentences can state one limit: the same numbers, or those of one among the
 * other's ("20 to 50 ideas" and "at least 20 ideas"), and not an upper bound against a lower one ("at most
 * 50 words", "at least 50 words": the two ends of a range).
 */
function sameBounds(a: Seen, b: Seen): boolean {
  if (!a.numbers || !b.numbers) return true;
  if (a.numbers === b.numbers) return !oppositeBound(a, b);
  const [x, y] = [a.numbers.split(' '), b.numbers.split(' ')];
  const [fewer, more] = x.length <= y.length ? [x, y] : [y, x];
  return fewer.every((n) => more.includes(n)) && !oppositeBound(a, b);
}

const sharedManner = (a: Map<string, number>, b: Map<string, number>) => {
  for (const token of a.keys()) if (isManner(token) && b.has(token)) return true;
  return false;
};

const bound = (s: Seen) => (s.words.has(AT_MOST) ? AT_MOST : s.words.has(AT_LEAST) ? AT_LEAST : undefined);

/** One sentence bounds from above, the other from below, and neither states a range of two numbers. */
const oppositeBound = (a: Seen, b: Seen) =>
  ((a.words.has(AT_MOST) && b.words.has(AT_LEAST) && !a.words.has(AT_LEAST)) ||
    (a.words.has(AT_LEAST) && b.words.has(AT_MOST) && !a.words.has(AT_MOST))) &&
  a.numbers.split(' ').length < 2 &&
  b.numbers.split(' ').length < 2;

/** "I want you to act as a movie critic": who the model is, not an order that can be repeated in other words. */
const ROLE =
  /^(?:[-*•]\s+)?(?:i want you to act as|(?:you will |you'll )?act as|you are\b|you're\b|your role is|imagine (?:that )?you are|pretend (?:to be|you are))/i;

/**
 * What the prompt is for, said as a goal rather than an order: "Your goal is to ...", "The goal of this
 * exercise is ...", and under a first heading ("IDENTITY and PURPOSE") "You create graphs that ...".
 */
const PURPOSE =
  /^(?:[-*•]\s+)?(?:your (?:main |only )?(?:goal|job|task|purpose|mission|objective|aim) (?:is|will be)|the (?:main )?(?:goals?|purpose|objective|aim) (?:of|here)\b)/i;
const DESCRIBES =
  /^(?:[-*•]\s+)?you (?!must|should|shall|will|need|have|can|may|only|always|never|do|don|use)[a-z]+s?\b/i;
const purposeAt = (t: string, section: number, headed: boolean) =>
  PURPOSE.test(t) || (headed && section <= 1 && DESCRIBES.test(t));

/** "In a section called MAIN IDEA, ...": the name of the part of the answer the sentence is about. */
const SECTION_NAME =
  /\bsection (?:called|named|titled|headed)\s+["'“]?([A-Z][A-Z0-9 &/-]+[A-Z0-9]|[A-Z][A-Za-z0-9&/-]*(?: [A-Z][A-Za-z0-9&/-]*)*)/;
const sectionOf = (t: string) => SECTION_NAME.exec(t)?.[1].toUpperCase();

/**
 * How sure the two sentences are one instruction: 'warning' when their canonical forms nearly coincide,
 * 'info' when most of the shorter one comes back but the two also differ, undefined when they differ.
 */
function sameInstruction(later: Seen, earlier: Seen): 'warning' | 'info' | undefined {
  // "3 bullets" and "5 bullets" differ; a number said in one sentence only may be an example.
  if (!sameBounds(later, earlier)) return undefined;
  // "Return JSON" and "Return only the JSON, nothing else": the second adds that nothing else may come.
  if (later.words.has(ONLY) !== earlier.words.has(ONLY)) return undefined;
  // Cheap first: every test below needs most of the shorter sentence back, or all but one of its words.
  const [fl, fe] = [factsOf(later), factsOf(earlier)];
  const l = likeness(later.words, fl.weight, earlier.words, fe.weight);
  if (l.overlap < 0.6 && l.ownSmall > 1) return undefined;
  if (parallel(later, earlier)) return undefined;
  if (!fl.statement || !fe.statement) return undefined;
  // "Each route within 80 words" limits each item; "the whole answer within 80 words" the answer.
  if ((later.numbers || earlier.numbers) && fl.perItem !== fe.perItem) return undefined;
  const sections = [fl.section ?? later.part, fe.section ?? earlier.part];
  if (sections[0] && sections[1] && sections[0] !== sections[1]) return undefined;
  const restated = fl.restates;
  // A role said twice is one role; a role and an order are not the same thing.
  if (!restated && fl.role !== fe.role) return undefined;
  // "Your goal is to output a JSON object of tags" names the task; the steps then order it.
  if (!restated && (later.purpose || earlier.purpose)) return undefined;
  // The longer sentence may add a word or two of its own; more, and it says something else.
  const negated = later.words.has('not') && earlier.words.has('not');
  // A prohibition is said in few words; its restatement often adds the case it guards against.
  const largest = Math.max(later.words.size, earlier.words.size);
  const adds =
    l.ownLarge <= (negated ? Math.max(3, Math.floor(0.5 * largest)) : Math.max(2, Math.floor(0.3 * largest)));
  if (
    adds &&
    l.ownSmall <= 1 &&
    ((l.content >= 2 && l.overlap >= 0.75 && l.jaccard >= 0.6) ||
      (l.shared >= 4 && l.overlap >= 0.75 && l.jaccard >= 0.45) ||
      // The same prohibition said twice ("Don't discuss pricing." ... "Never mention what it costs.").
      (negated && l.shared >= 3 && l.overlap >= 0.75))
  )
    return 'warning';
  if (restated && l.shared >= 2 && l.content >= 1 && l.overlap >= 0.6) return 'warning';
  // The same bound on the same number of the same things ("Use at most 5 points", "The summary must have
  // at most five points"): one limit, whatever the sentence around it says.
  if (
    later.numbers &&
    later.numbers === earlier.numbers &&
    bound(later) &&
    bound(later) === bound(earlier) &&
    l.content >= 1 &&
    l.ownSmall <= 1 &&
    l.ownLarge <= 2
  )
    return 'warning';
  // The same manner asked twice ("Keep the tone professional", "Everything must sound professional").
  if (sharedManner(later.words, earlier.words) && l.ownSmall <= 1 && l.ownLarge <= 2) return 'warning';
  if (!adds || (l.ownSmall > 0 && l.jaccard < 0.6)) return undefined;
  if (l.content >= 2 && l.overlap >= 0.75 && l.jaccard >= 0.5) return 'info';
  if (negated && l.content >= 1 && l.overlap >= 0.75 && l.jaccard >= 0.4) return 'info';
  return undefined;
}

/** Placeholders of a template to fill in ("$CVE NUMBER$", "_____", "[NAME]") and table rows: an output's shape, not orders. */
const TEMPLATE = /\$[A-Z][A-Z0-9 _]*\$|_{3,}|\[[A-Z][A-Z0-9 _]+\]|\|/;
/** Words that make an English sentence an order: a modal, a prohibition, an imperative start (see isInstruction). */
const ORDER_WORDS =
  /\b(?:must|should|shall|need to|never|always|do not|don't|only|avoid|make sure|ensure|keep|use|no more than|at most|at least|please)\b/i;
const ENGLISH = /\b(?:the|a|an|of|to|and|is|are|with|for)\b/i;

/**
 * Not an order to the model: an English sentence with neither an imperative start nor a modal ("Man's
 * Search for Meaning, by Victor Frankl" in a list of examples). Word-for-word repeats of such lines are
 * examples or templates written out twice. Other languages are not judged here.
 */
const notAnOrder = (t: string) => ENGLISH.test(t) && !isInstruction(t) && !ORDER_WORDS.test(t) && !ROLE.test(t);

/** A sentence cut out of inline code ("py` and `<name>` with `..."): its halves are not sentences. */
const cutCode = (t: string) => (t.match(/`/g)?.length ?? 0) % 2 === 1;

/** A piece after a dot inside a word ("temp.py" cut into "temp." and "py ..."): not a sentence. */
const fragment = (text: string, span: Span) =>
  span.start > 0 &&
  (/[.!?]/.test(text[span.start - 1]) ||
    // Cut after an abbreviation ("... the content vs. the speaker, followed by ..."): a sentence's tail.
    (/^[a-z]/.test(span.text) && ABBREVIATION.test(text.slice(Math.max(0, span.start - 8), span.start))));
const ABBREVIATION = /(?:\b(?:vs|e\.g|i\.e|etc|cf|incl|approx|resp)\.|\bno\.)\s*$/i;

/** A comment in an output template ("// Write a summary sentence"): the template's shape, not an order. */
const COMMENT = /^(?:\/\/|<!--)/;

/** "Give this as ...": what "this" is depends on the section the sentence is in. */
const REFERS_BACK = /\b(?:this|these|those|it|them)\b/i;
const HEADING = /^(?:#+[ \t].*|[A-Z][A-Z0-9 &/-]{3,}:?)[ \t]*$/gm;

/**
 * Where each heading starts, for telling which section of a long prompt a sentence is in. Read once per
 * prompt: the sentence and the format-repeat passes both ask.
 */
const headingStarts: (text: string) => readonly number[] = lastTexts((text) =>
  [...text.matchAll(HEADING)].map((m) => m.index),
);

/**
 * Lines that name the part of the answer they are about ("- Definition of novelty: ... Output this into a
 * section called NOVELTY."), as [start, end, name]: the same sentence in two such lines is one template
 * applied to two parts.
 */
function namedParts(text: string): [number, number, string][] {
  if (!text.includes('section')) return [];
  const out: [number, number, string][] = [];
  let lineEnd = -1;
  for (const m of text.matchAll(/\bsection (?:called|named|titled|headed)\b/g)) {
    if (m.index < lineEnd) continue;
    const start = text.lastIndexOf('\n', m.index) + 1;
    const end = text.indexOf('\n', m.index);
    lineEnd = end < 0 ? text.length : end;
    const name = sectionOf(text.slice(start, lineEnd));
    if (name) out.push([start, lineEnd, name]);
  }
  return out;
}

function partAt(parts: [number, number, string][], at: number): string | undefined {
  let lo = 0;
  let hi = parts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (parts[mid][0] <= at) lo = mid + 1;
    else hi = mid;
  }
  const line = parts[lo - 1];
  return line && at < line[1] ? line[2] : undefined;
}

/** The number of headings before a position. */
function sectionAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** An e-mail's header lines ("Subject: ...", "From: ...") are pasted data, not orders, even unfenced. */
const HEADER_LINE = /^(?:subject|from|to|cc|bcc|date|sent)\s*:/i;

/** Headings, questions and what the user says they will do are not orders to the model. */
// A participle after a comma ("..., focusing on the key points") adds a manner to the order before it.
const CLAUSE_BREAK = new RegExp(
  `\\s*;\\s*|,?\\s+(?:and|but)\\s+(?:also\\s+|then\\s+)?(?=${TASK_VERB}\\b)|,\\s+(?=[a-z]+ing\\s+(?:on|in|to|with|from|the|a|an|your|all|only|it|them|each|every|any)\\b)`,
  'i',
);

/** The orders a sentence joins with "and" or ";", each a clause of at least a few words. */
const clauses = (t: string) =>
  / and | but |;|, [a-z]+ing\b/i.test(t) ? t.split(CLAUSE_BREAK).filter((c) => c.split(' ').length >= 3) : [t];

/** "I will tell you what to write and you'll reply only the result": the order is the second half. */
const orderPart = (t: string) =>
  t.replace(
    /^(?:i will|i'll|i am going to|when i|if i)\b.*?\band (?=you will\b|you'll\b|you must\b|you should\b)/i,
    '',
  );

const statement = (t: string) =>
  !/[:?]\**$/.test(t) &&
  (!/^(?:i will|i'll|i am going to|when i|if i)\b/i.test(t) ||
    // "I will tell you what to write and you'll reply only the result": the second half is an order.
    /\band (?:you will|you'll|you must|you should)\b/i.test(t));

/** What the check compares of a sentence or of one of its clauses. */
interface Reading {
  words: Map<string, number>;
  key: string;
  wordCount: number;
}

/**
 * A sentence's reading, with its clauses' when it joins two orders; null for lines that are not
 * compared at all. Read once per sentence text across edits (see recentSentences).
 */
const readingOf = recentSentences((t: string): (Reading & { clauses: Reading[] }) | null => {
  if (HEADER_LINE.test(t) || TEMPLATE.test(t) || COMMENT.test(t) || cutCode(t)) return null;
  const key = exactKey(t);
  const order = orderPart(t);
  // A sentence joining two orders ("Create the report and suggest controls") is also compared clause by
  // clause; the sentence's tokens are its clauses' together.
  const parts = clauses(order);
  const partTokens = parts.length > 1 ? parts.map(tokensOf) : [];
  return {
    words: partTokens.length ? new Map(partTokens.flatMap((m) => [...m])) : tokensOf(order),
    key,
    wordCount: key.split(' ').length,
    clauses: partTokens.map((words, i) => ({ words, key: exactKey(parts[i]), wordCount: parts[i].split(' ').length })),
  };
});

export const duplicateInstruction: LintRule = {
  id: 'duplicate-instruction',
  severity: 'warning',
  why: 'Saying the same thing twice adds length without adding information, and when the two copies drift apart in later edits the model gets contradictory orders.',
  guidance: GUIDANCE.clearAndDirect,
  check(text) {
    const allData = delimitedRanges(text);
    const spans = sentences(text);
    const data = [...allData.filter(([a, b]) => b - a >= SANDWICH_DATA), ...pastedContext(spans)].sort(
      (x, y) => x[0] - y[0],
    );
    const exact = new Map<string, Seen>();
    /** Earlier sentences by content word, so each sentence meets only those it shares words with. */
    const byWord = new Map<string, Seen[]>();
    const out: RawFinding[] = [];
    const compared: Seen[] = [];
    /** Shared-word counts by sentence id, reset after each sentence: cheaper than a map per sentence. */
    let counts: Uint16Array = new Uint16Array(256);
    const headings = headingStarts(text);
    const parts = namedParts(text);
    /** No long fenced block lies between the two: the first block starting after `e` ends after `span` starts. */
    const allowedFor = (span: Span) => (e: Seen) => !fencedBetween(data, e.span.end, span.start);
    /** The earlier unit this one repeats, and how sure that is. */
    const earlierOf = (current: Seen, allowed: (e: Seen) => boolean) => {
      const { span, words } = current;
      // Earlier units within reach, with how many tokens each shares with this one.
      const touched: Seen[] = [];
      for (const w of words.keys()) {
        const list = byWord.get(w);
        // Newest last. However far apart, two sentences saying the same are a repeat (a STEPS section and
        // an OUTPUT INSTRUCTIONS section); only a long fenced block between them makes it deliberate. A
        // word in many sentences says little: its last few uses are enough to meet a paraphrase.
        const stop = Math.max(0, (list?.length ?? 0) - RECENT_PER_WORD);
        for (let k = (list?.length ?? 0) - 1; list && k >= stop; k--)
          if (counts[list[k].id]++ === 0) touched.push(list[k]);
      }
      let earlier: Seen | undefined;
      let severity: 'warning' | 'info' = 'warning';
      for (const e of touched) {
        if (counts[e.id] < 2 || e.key === current.key || e.span === span) continue;
        const sure = sameInstruction(current, e);
        if (sure && !allowed(e)) continue;
        if (sure && (!earlier || (severity === 'info' && sure === 'warning'))) {
          earlier = e;
          severity = sure;
        }
      }
      for (const e of touched) counts[e.id] = 0;
      return earlier && { earlier, severity };
    };
    const unit = (span: Span, words: Map<string, number>, key: string, wordCount: number): Seen | undefined => {
      // "Avoid jargon." is a prohibition in two words; other two-word lines are headings and labels.
      if (words.size < 2 || wordCount < 2 || (wordCount < 3 && !(words.has('not') && /[.!]$/.test(span.text))))
        return undefined;
      const purpose = purposeAt(span.text, sectionAt(headings, span.start), headings.length > 1);
      const part = partAt(parts, span.start);
      const seen: Seen = { id: compared.length, span, words, key, numbers: numbersOf(words), purpose, part };
      compared.push(seen);
      if (counts.length < compared.length) counts = grow(counts);
      return seen;
    };
    for (const span of spans) {
      if ((span.start > HEAD && span.start < text.length - TAIL) || insideAny(allData, span.start, span.end)) continue;
      const reading = readingOf(span.text);
      if (!reading || fragment(text, span)) continue;
      const { key } = reading;
      const whole = unit(span, reading.words, key, reading.wordCount);
      if (!whole) continue;
      const units = [whole];
      for (const clause of reading.clauses) {
        const u = unit(span, clause.words, clause.key, clause.wordCount);
        if (u) units.push(u);
      }
      const allowed = allowedFor(span);
      // A word-for-word repeat is judged against the first time it was said, as before; one copy
      // repeated through a long prompt is then one finding per page, not one per copy.
      const same = exact.get(key);
      let found: { earlier: Seen; severity: 'warning' | 'info' } | undefined =
        same &&
        allowed(same) &&
        !notAnOrder(span.text) &&
        !(REFERS_BACK.test(span.text) && sectionAt(headings, same.span.start) !== sectionAt(headings, span.start)) &&
        !(same.part && whole.part && same.part !== whole.part)
          ? { earlier: same, severity: 'warning' }
          : undefined;
      let wholeRepeats = found !== undefined;
      for (const u of units) {
        if (found && found.severity === 'warning') break;
        const f = earlierOf(u, allowed);
        if (f && (!found || f.severity === 'warning')) {
          found = f;
          wholeRepeats = u === whole;
        }
      }
      if (!exact.has(key)) exact.set(key, whole);
      for (const u of units)
        for (const w of u.words.keys()) {
          const list = byWord.get(w);
          if (list) list.push(u);
          else byWord.set(w, [u]);
        }
      if (!found) continue;
      out.push({
        message: `This repeats an earlier instruction: "${quote(found.earlier.span)}"`,
        start: span.start,
        end: span.end,
        // Deleting a sentence of which only one clause repeats would lose the other.
        fix: wholeRepeats ? removal(text, span) : undefined,
        ...(found.severity === 'info' ? { severity: found.severity } : {}),
      });
    }
    return [...out, ...formatRepeats(text, out, data)];
  },
};

const quote = (span: Span) => (span.text.length > 60 ? `${span.text.slice(0, 57)}...` : span.text);

/** Unfenced context as long as a page, pasted between the task and its restatement, makes the pair deliberate. */
const PASTED = 800;

/**
 * Runs of sentences with no order in them (pasted notes, an article) at least `PASTED` long: the task said
 * before and again after such a context is the sandwich the guides recommend, as with a fenced block.
 */
function pastedContext(spans: readonly Span[]): [number, number][] {
  const out: [number, number][] = [];
  let from = -1;
  let to = -1;
  for (const span of spans) {
    if (notAnOrder(span.text)) {
      if (from < 0) from = span.start;
      to = span.end;
      continue;
    }
    if (from >= 0 && to - from >= PASTED) out.push([from, to]);
    from = -1;
  }
  if (from >= 0 && to - from >= PASTED) out.push([from, to]);
  return out;
}

/** Whether a long fenced block (`data`, sorted by start) lies wholly between two positions. */
function fencedBetween(data: readonly Range[], from: number, to: number): boolean {
  let lo = 0;
  let hi = data.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (data[mid][0] < from) lo = mid + 1;
    else hi = mid;
  }
  // Blocks starting later end later too, unless nested: check those that start before `to`.
  for (let k = lo; k < data.length && data[k][0] < to; k++) if (data[k][1] <= to) return true;
  return false;
}

/** Removes the repeat with the spaces before it, so the text around closes up. */
function removal(text: string, span: Span): RawFinding['fix'] {
  let from = span.start;
  while (from > 0 && /[ \t]/.test(text[from - 1])) from--;
  if (from > 0 && text[from - 1] === '\n' && (span.end === text.length || text[span.end] === '\n')) from--;
  // No fix where closing the gap would put the same word twice in a row ("... py" + "py to ...").
  const left = text.slice(Math.max(0, from - 30), from);
  const right = text.slice(span.end, span.end + 30);
  const doubled = /\b([a-zß-öø-ÿ\u0100-\u024f]+)\s+\1\b/i;
  const seamDoubles = doubled.test(left + right) && !doubled.test(left) && !doubled.test(right);
  return seamDoubles ? undefined : { label: 'Remove the repeat', start: from, end: span.end, text: '' };
}

/** A sentence that sets the form of the whole answer, not of one part: "Format your whole answer as a table". */
const WHOLE_ANSWER =
  /\b(?:only|nothing else|nothing but|nothing more|no other|whole|entire|again|remember)\b|^(?:[-*•]\s+)?(?:format|present|return|output|respond|reply|answer|give)\b/i;

const PER_ITEM = /\b(?:each|every|per)\b/i;

/** Nothing may come with the output: "only", "nothing else", "no text before or after". */
const EXCLUSIVE =
  /\b(?:only|solely|exclusively|nothing (?:else|more|but)|no (?:other|additional|extra) (?:text|words|content|commentary)|(?:any )?(?:other )?text (?:before|after|around|outside))\b|\b(?:uniquement|seulement|únicamente|solamente|nur|ausschließlich|soltanto|somente|apenas)(?![a-zß-ÿ])/i;

const NEGATED = /\b(?:not|never|no|don't)\b/i;
const AROUND = /\btext (?:before|after|around|outside)\b/i;

/** A data format named as written, for sentences the slot reader does not take as a format demand. */
const FORMAT_NAME = /\b(?:json|csv|yaml|xml|html|markdown)\b/i;

type FormSlot =
  | { kind: 'format'; format: string; start: number; end: number }
  | { kind: 'max'; n: number; unit: string; start: number; end: number };

/**
 * The answer's format and length limits, in order: those the slot reader finds, and a format that a
 * sentence demands alone ("Do not add any text before or after the JSON") where it finds none.
 */
function formSlots(text: string, spans: readonly Span[]): FormSlot[] {
  const slots: FormSlot[] = [];
  for (const slot of constraintSlots(text))
    if (slot.kind === 'format') slots.push({ kind: 'format', format: slot.format, start: slot.start, end: slot.end });
    else if (slot.kind === 'max')
      slots.push({ kind: 'max', n: slot.n, unit: slot.unit, start: slot.start, end: slot.end });
  const extra: FormSlot[] = [];
  let k = 0;
  for (const span of spans) {
    // "Do not output the markdown syntax, only the content": only what is forbidden is named.
    const name = FORMAT_NAME.exec(span.text);
    if (!name || !EXCLUSIVE.test(span.text) || (NEGATED.test(span.text) && !AROUND.test(span.text))) continue;
    while (k < slots.length && slots[k].end <= span.start) k++;
    if (k < slots.length && slots[k].start < span.end && slots[k].kind === 'format') continue;
    const start = span.start + name.index;
    extra.push({ kind: 'format', format: name[0].toLowerCase(), start, end: start + name[0].length });
  }
  return extra.length ? [...slots, ...extra].sort((a, b) => a.start - b.start) : slots;
}

/**
 * The same slot set twice in two sentences: one format demanded for the whole answer twice ("Return
 * JSON only." ... "Your output must be a JSON object and nothing else."), or the same length limit
 * stated twice ("Maximum 120 words." ... "Keep it within 120 words."). Two limits that disagree are a
 * conflict instead.
 */
function formatRepeats(text: string, found: RawFinding[], data: readonly Range[]): RawFinding[] {
  const spans = sentences(text);
  const headings = headingStarts(text);
  const first = new Map<string, Span>();
  const out: RawFinding[] = [];
  let at = 0;
  for (const slot of formSlots(text, spans)) {
    while (at < spans.length && spans[at].end < slot.end) at++;
    const span = spans[at];
    if (!span || span.start > slot.start || TEMPLATE.test(span.text) || span.text.startsWith('(')) continue;
    if (purposeAt(span.text, sectionAt(headings, span.start), headings.length > 1)) continue;
    const whole = slot.kind === 'max' || WHOLE_ANSWER.test(span.text) || EXCLUSIVE.test(span.text);
    // A list is often asked for one part of the answer only: both asks must be about the whole answer.
    if (slot.kind === 'format' && slot.format === 'list' && !whole) continue;
    // "One line", and limits per item ("each bullet at most 16 words"), are not the answer's length.
    if (slot.kind === 'max' && (slot.n < 2 || PER_ITEM.test(span.text))) continue;
    // The same limit for two named sections ("a section called OVERT GOALS ... COVERT GOALS") is two parts.
    // "Return JSON" and "Return the JSON and nothing else" differ: the second forbids anything around it.
    const only = slot.kind === 'format' && EXCLUSIVE.test(span.text) ? 'only' : '';
    const key = `${slot.kind === 'format' ? slot.format : `${slot.n} ${slot.unit}`} ${only} ${sectionOf(span.text) ?? ''}`;
    const earlier = first.get(key);
    if (!earlier) first.set(key, span);
    else if (
      whole &&
      earlier !== span &&
      !(
        (REFERS_BACK.test(span.text) || REFERS_BACK.test(earlier.text)) &&
        sectionAt(headings, span.start) !== sectionAt(headings, earlier.start)
      ) &&
      !found.some((f) => f.start < span.end && span.start < f.end) &&
      !out.some((f) => f.start === span.start) &&
      !fencedBetween(data, earlier.end, span.start)
    ) {
      const what =
        slot.kind === 'max'
          ? `the limit of ${slot.n} ${slot.unit}`
          : slot.format === 'json'
            ? 'JSON'
            : `a ${slot.format}`;
      out.push({
        message: `This asks again for ${what}, as "${quote(earlier)}" did.`,
        start: span.start,
        end: span.end,
        fix: removal(text, span),
      });
      first.set(key, span);
    }
  }
  return out;
}
