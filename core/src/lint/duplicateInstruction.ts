/**
 * duplicate-instruction: the same instruction said twice, in the same or in other words. Sentences are
 * compared as sets of content words (stemmed, synonyms folded: "reply"/"respond"/"answer", "brief"/
 * "short"), so "Only reply with the table" and "You'll only respond with the table" meet. Data fenced
 * off as input is not counted.
 */
import { constraintSlots } from './constraints';
import { GUIDANCE } from './guidance';
import { delimitedRanges, insideAny, sentences, type Span } from './text';
import type { LintRule, RawFinding } from './types';

/** A restatement after a long fenced block is deliberate (instructions before and after the documents). */
const SANDWICH_DATA = 300;
/**
 * About a page apart, a restatement is deliberate: the task said before a long context and again after
 * it, as the guides recommend (and a long prompt's parts each restate their own rules).
 */
const MAX_GAP = 800;
const RECENT_PER_WORD = 12;
/**
 * A prompt of many pages is mostly pasted material, its instructions at the start and the end: only
 * sentences there are compared, which keeps a 100 KB prompt within the time budget.
 */
const HEAD = 40_000;
const TAIL = 10_000;

const STOP = new Set(
  'a an the and or but if then so to of in on at by for with from into as is are be been being was were am it its this that these those you your yours i me my we our they them their he she his her will would shall should must can could may might do does did just also please always really very all any each every some there here what which who whom whose when where how than too more most such own same other about up out over only'.split(
    ' ',
  ),
);
/**
 * Words that say the same thing in an instruction, folded to the group's first word: a small kept list
 * of everyday synonyms, so a restatement in other words still shares its content words.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['answer', 'reply', 'respond', 'response', 'responses', 'replies', 'answers'],
  ['short', 'brief', 'concise', 'succinct', 'briefly', 'concisely', 'succinctly'],
  ['use', 'utilize', 'employ'],
  ['not', 'never', 'dont', 'don', 'nothing', 'no', 'avoid', 'without', 'refrain'],
  ['explain', 'explanations', 'explanation'],
  ['error', 'mistakes', 'mistake', 'errors'],
  ['ensure', 'make', 'sure', 'remember'],
  ['mention', 'name', 'names', 'naming', 'named', 'refer', 'cite', 'reference', 'references', 'talk', 'discuss'],
  ['reveal', 'disclose', 'divulge', 'expose', 'leak', 'share'],
  ['instruction', 'instructions', 'rules', 'prompt', 'guidelines'],
  ['price', 'prices', 'cost', 'costs', 'pricing'],
  ['claim', 'claims', 'statement', 'statements', 'assertion', 'assertions'],
  ['section', 'sections', 'clause', 'clauses'],
  ['analogy', 'analogies', 'comparison', 'metaphor'],
  ['everyday', 'daily'],
  ['spell', 'spelling', 'spelled', 'spelt'],
  ['competitor', 'competitors', 'rival', 'rivals', 'vendor', 'vendors'],
  ['company', 'companies', 'brand', 'brands', 'provider', 'providers'],
  ['learner', 'learners', 'student', 'students', 'pupil', 'pupils'],
  ['address', 'call'],
  ['uk', 'british'],
  ['jargon', 'technical', 'terminology'],
  ['customer', 'customers', 'client', 'clients'],
  ['polite', 'courteous'],
  ['friendly', 'warm'],
];
const SYNONYMS: Record<string, string> = Object.fromEntries(
  SYNONYM_GROUPS.flatMap((group) => group.map((w) => [w, group[0]])),
);

/** Stems by word: a long prompt repeats its words, and each is stemmed once. */
const STEMS = new Map<string, string>();
const MAX_CACHED = 20_000;

function stem(word: string): string {
  const cached = STEMS.get(word);
  if (cached !== undefined) return cached;
  const w = SYNONYMS[word] ?? word;
  const stemmed = w.length <= 4 ? w : w.replace(/(?:ing|ed|es|s|ly)$/, '');
  if (STEMS.size < MAX_CACHED) STEMS.set(word, stemmed);
  return stemmed;
}

/**
 * Words of the Latin-script languages the linter reads, and punctuation, without Unicode property
 * escapes: those cost several times more on a long prompt, and the browser build spells each one out
 * as a class of about 10 KB.
 */
const WORD = /[a-zß-öø-ÿ\u0100-\u024f]+/g;
const PUNCTUATION = /[!-/:-@[-`{-~\u00a1-\u00bf\u2010-\u205e]/g;

function contentWords(sentence: string): Set<string> {
  const out = new Set<string>();
  for (const raw of sentence.toLowerCase().match(WORD) ?? []) {
    if (STOP.has(raw) || raw.length < 2) continue;
    const s = stem(raw);
    if (s !== 'ensure' && s !== 'not') out.add(s);
    else if (s === 'not') out.add(s);
  }
  return out;
}

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
  /^(?:[-*•]\s+)?(?:remember(?:,| to| that)|again,|once again|as (?:i )?(?:mentioned|said|stated|noted)|i repeat|to repeat|reminder:|(?:and )?(?:always )?keep in mind)/i;

interface Seen {
  /** Its index among the sentences compared, for counting shared words in an array. */
  id: number;
  span: Span;
  words: Set<string>;
  key: string;
  /** The numbers in the sentence: "3 bullets" and "5 bullets" are different instructions. */
  numbers: string;
}

/**
 * The same sentence with only a word or two swapped in place ("Write the IDEAS bullets as 16 words",
 * "Write the TASKS bullets as 16 words"): one template applied to different things, not a repeat.
 */
function parallel(a: string, b: string): boolean {
  // Section names in capitals ("KEY POINTS", "TASKS") are the slot the template is applied to.
  const withoutNames = (t: string) => t.replace(/\b[A-Z][A-Z0-9]+(?:[ -][A-Z0-9]+)*\b/g, '_');
  if (a !== b && withoutNames(a) === withoutNames(b)) return true;
  const x = a.toLowerCase().match(/[a-zß-öø-ÿ\u0100-\u024f]+|\d+/g) ?? [];
  const y = b.toLowerCase().match(/[a-zß-öø-ÿ\u0100-\u024f]+|\d+/g) ?? [];
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

/** `shared`: how many content words the two have in common. */
function sameInstruction(later: Seen, earlier: Seen, shared: number): boolean {
  if (later.numbers !== earlier.numbers) return false;
  const small = Math.min(later.words.size, earlier.words.size);
  const large = Math.max(later.words.size, earlier.words.size);
  const union = later.words.size + earlier.words.size - shared;
  const overlaps =
    (shared >= 4 && shared / small >= 0.75 && shared / union >= 0.45) ||
    // A short order said again inside a longer one: every content word of the short one comes back.
    (shared >= 3 &&
      shared === small &&
      large <= 2 * small &&
      shared / union >= 0.45 &&
      statement(later.span.text) &&
      statement(earlier.span.text)) ||
    (shared >= 2 && shared / small >= 0.6 && RESTATES.test(later.span.text)) ||
    // The same prohibition said twice ("Don't discuss pricing." ... "Never mention what it costs."):
    // both negated, and most of the shorter one's other content words come back.
    (shared >= 3 &&
      shared / small >= 0.75 &&
      later.words.has('not') &&
      earlier.words.has('not') &&
      statement(later.span.text) &&
      statement(earlier.span.text));
  return overlaps && !parallel(later.span.text, earlier.span.text);
}

/** An e-mail's header lines ("Subject: ...", "From: ...") are pasted data, not orders, even unfenced. */
const HEADER_LINE = /^(?:subject|from|to|cc|bcc|date|sent)\s*:/i;

/** Headings, questions and what the user says they will do are not orders to the model. */
const statement = (t: string) => !/[:?]\**$/.test(t) && !/^(?:i will|i'll|i am going to|when i|if i)\b/i.test(t);

export const duplicateInstruction: LintRule = {
  id: 'duplicate-instruction',
  severity: 'warning',
  why: 'Saying the same thing twice adds length without adding information, and when the two copies drift apart in later edits the model gets contradictory orders.',
  guidance: GUIDANCE.clearAndDirect,
  check(text) {
    const data = delimitedRanges(text).filter(([a, b]) => b - a >= SANDWICH_DATA);
    const allData = delimitedRanges(text);
    const exact = new Map<string, Seen>();
    /** Earlier sentences by content word, so each sentence meets only those it shares words with. */
    const byWord = new Map<string, Seen[]>();
    const out: RawFinding[] = [];
    const compared: Seen[] = [];
    /** Shared-word counts by sentence id, reset after each sentence: cheaper than a map per sentence. */
    let counts: Uint16Array = new Uint16Array(256);
    for (const span of sentences(text)) {
      if (insideAny(allData, span.start, span.end) || (span.start > HEAD && span.start < text.length - TAIL)) continue;
      if (HEADER_LINE.test(span.text)) continue;
      const key = exactKey(span.text);
      const words = contentWords(span.text);
      if (key.split(' ').length < 4 || words.size < 2) continue;
      const current: Seen = {
        id: compared.length,
        span,
        words,
        key,
        numbers: (span.text.match(/\d+/g) ?? []).join(' '),
      };
      compared.push(current);
      if (counts.length < compared.length) counts = grow(counts);
      // Earlier sentences within reach, with how many content words each shares with this one.
      const touched: Seen[] = [];
      for (const w of words) {
        const list = byWord.get(w);
        // Newest last: walk back until the sentences are too far away. A word in many recent sentences
        // says little: its last few uses are enough to meet a paraphrase.
        const stop = Math.max(0, (list?.length ?? 0) - RECENT_PER_WORD);
        for (let k = (list?.length ?? 0) - 1; list && k >= stop && span.start - list[k].span.end <= MAX_GAP; k--)
          if (counts[list[k].id]++ === 0) touched.push(list[k]);
      }
      const allowed = (e: Seen) => !data.some(([a, b]) => a >= e.span.end && b <= span.start);
      // A word-for-word repeat is judged against the first time it was said, as before; one copy
      // repeated through a long prompt is then one finding per page, not one per copy.
      const same = exact.get(key);
      let earlier = same && span.start - same.span.end <= MAX_GAP && allowed(same) ? same : undefined;
      if (!earlier)
        for (const e of touched) {
          const n = counts[e.id];
          if (n >= 2 && e.key !== key && sameInstruction(current, e, n) && allowed(e)) {
            earlier = e;
            break;
          }
        }
      for (const e of touched) counts[e.id] = 0;
      if (!exact.has(key)) exact.set(key, current);
      for (const w of words) {
        const list = byWord.get(w);
        if (list) list.push(current);
        else byWord.set(w, [current]);
      }
      if (!earlier) continue;
      // Remove the repeat with the spaces before it, so the text around closes up.
      let from = span.start;
      while (from > 0 && /[ \t]/.test(text[from - 1])) from--;
      if (from > 0 && text[from - 1] === '\n' && (span.end === text.length || text[span.end] === '\n')) from--;
      // No fix where closing the gap would put the same word twice in a row ("... py" + "py to ...").
      const left = text.slice(Math.max(0, from - 30), from);
      const right = text.slice(span.end, span.end + 30);
      const doubled = /\b([a-zß-öø-ÿ\u0100-\u024f]+)\s+\1\b/i;
      const seamDoubles = doubled.test(left + right) && !doubled.test(left) && !doubled.test(right);
      const quoted = earlier.span.text.length > 60 ? `${earlier.span.text.slice(0, 57)}...` : earlier.span.text;
      out.push({
        message: `This repeats an earlier instruction: "${quoted}"`,
        start: span.start,
        end: span.end,
        fix: seamDoubles ? undefined : { label: 'Remove the repeat', start: from, end: span.end, text: '' },
      });
    }
    return [...out, ...formatRepeats(text, out)];
  },
};

/** A sentence that sets the form of the whole answer, not of one part: "Format your whole answer as a table". */
const WHOLE_ANSWER =
  /\b(?:only|nothing else|nothing but|nothing more|no other|whole|entire|again|remember)\b|^(?:[-*•]\s+)?(?:format|present|return|output|respond|reply|answer|give)\b/i;

const PER_ITEM = /\b(?:each|every|per|section|bullets?)\b/i;

/**
 * The same slot set twice in two sentences: one format demanded for the whole answer twice ("Return
 * JSON only." ... "Your output must be a JSON object and nothing else."), or the same length limit
 * stated twice ("Maximum 120 words." ... "Keep it within 120 words."). Two limits that disagree are a
 * conflict instead.
 */
function formatRepeats(text: string, found: RawFinding[]): RawFinding[] {
  const spans = sentences(text);
  const first = new Map<string, Span>();
  const out: RawFinding[] = [];
  let at = 0;
  for (const slot of constraintSlots(text)) {
    if (slot.kind !== 'format' && slot.kind !== 'max') continue;
    while (at < spans.length && spans[at].end < slot.end) at++;
    const span = spans[at];
    if (!span || span.start > slot.start) continue;
    const whole = slot.kind === 'max' || WHOLE_ANSWER.test(span.text);
    // A list is often asked for one part of the answer only: both asks must be about the whole answer.
    if (slot.kind === 'format' && slot.format === 'list' && !whole) continue;
    // "One line", and limits per item ("each bullet at most 16 words"), are not the answer's length.
    if (slot.kind === 'max' && (slot.n < 2 || PER_ITEM.test(span.text))) continue;
    const key = slot.kind === 'format' ? slot.format : `${slot.n} ${slot.unit}`;
    const earlier = first.get(key);
    if (!earlier) first.set(key, span);
    else if (
      whole &&
      earlier !== span &&
      !found.some((f) => f.start < span.end && span.start < f.end) &&
      !out.some((f) => f.start === span.start) &&
      span.start - earlier.end <= MAX_GAP
    ) {
      const what = slot.kind === 'max' ? `the limit of ${key}` : slot.format === 'json' ? 'JSON' : `a ${slot.format}`;
      out.push({
        message: `This asks again for ${what}, as "${earlier.text.slice(0, 57)}" did.`,
        start: span.start,
        end: span.end,
      });
      first.set(key, span);
    }
  }
  return out;
}
