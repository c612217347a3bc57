/**
 * conflicting-constraints: two constraint slots that cannot both hold: a length limit against a demand
 * for depth, one sentence against a list of 10, JSON against a plain letter, formal against casual.
 */
import { canClash, clash, type Slot, typedSlots } from './constraints';
import { GUIDANCE } from './guidance';
import { targetClashes } from './targetSlots';
import { sentences, type Span } from './text';
import type { LintRule, RawFinding } from './types';

/** Parts asked one after the other ("then ...") each take their own limit. */
const SEQUENCE =
  /\b(?:then|finally|afterwards|after that|followed by|end with|conclude|sum (?:it )?up|first(?![- ]person)|start with|begin with|next|ensuite|puis|luego|después|dann|danach|anschließend|poi|depois)\b/i;

/** A limit said to hold for the whole answer ("keep the whole reply under 100 words") holds across its parts. */
const WHOLE = /\b(?:whole|entire|total|overall|altogether|all told|(?:your|the) (?:answer|reply|response|output))\b/i;

/** "If you quote a review, keep it in the third person": an exception for one case, not a second rule. */
const CONDITIONAL = /\b(?:if|when|whenever|unless|except|only for|si|cuando|wenn|falls|se|quando)\b/i;

/** The sentence holding a slot, by binary search: the rule compares many pairs on a long prompt. */
function sentenceOf(spans: readonly Span[], s: { start: number; end: number }): Span | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end < s.end) lo = mid + 1;
    else if (spans[mid].start > s.start) hi = mid - 1;
    else return spans[mid];
  }
  return undefined;
}

/** "each step in one sentence", "a one-sentence description per idea" limit each item, not the answer. */
function perItem(text: string, slot: Slot, spans: readonly Span[]): boolean {
  if (slot.kind !== 'max' && slot.kind !== 'brevity') return false;
  const s = sentenceOf(spans, slot);
  const before = text.slice(s ? s.start : 0, slot.start);
  const after = text.slice(slot.end, slot.end + 30);
  // "Answer as three lines, each with ... one sentence": the item is set after the verb; "For each review,
  // answer in one sentence" also limits each. "each" in the input ("read each review and answer ...") does not.
  const each = /\b(?:each|every|per)\b(?![^.]*\b(?:each|every|per)\b)([^.]*)$/i.exec(before);
  return (
    (each !== null && !/\b(?:answer|reply|respond|summari[sz]e|explain)\b/i.test(each[1])) ||
    /^\s*(?:per|for each|each|for every|apiece)\b/i.test(after)
  );
}

/**
 * "Include a brief description of the purpose", "a concise explanation of why": brevity asked for one part
 * of the answer, not the whole of it.
 */
function partBrevity(text: string, slot: Slot, spans: readonly Span[]): boolean {
  if (slot.kind !== 'brevity') return false;
  const s = sentenceOf(spans, slot);
  const before = text.slice(s ? s.start : 0, slot.start);
  const lineStart = text.lastIndexOf('\n', slot.start - 1) + 1;
  const listItem = /^[ \t]*(?:[-*•]|\d+[.)])\s/.test(text.slice(lineStart, lineStart + 8));
  // A field described by a noun phrase ("A concise explanation of why ..."), or one item of a list of parts.
  return (
    (/^(?:an?|the)\s+(?:[\w-]+\s+){0,3}$/i.test(before) &&
      /^\s+(?:[\w-]+\s+)?of\b/i.test(text.slice(slot.end, slot.end + 30))) ||
    (listItem && /\b(?:include|add|with)\b[^,;]*$/i.test(before))
  );
}

/** "concise but thorough" in one sentence is a balance the author asked for, not a contradiction. */
function balanced(text: string, x: Slot, y: Slot, spans: readonly Span[]): boolean {
  const [first, second] = x.start < y.start ? [x, y] : [y, x];
  const s = sentenceOf(spans, first);
  if (!s || second.end > s.end) return false;
  return /\b(?:but|yet|while|though|although|without being|and still|balanc\w*)\b/i.test(
    text.slice(first.end, second.start),
  );
}

/**
 * A setting one part of the answer can have on its own: a size, a depth, a form, a tone. A prohibition
 * ("no bullet points anywhere"), "only JSON" and prose asked around the answer hold across all parts.
 */
const partSetting = (s: Slot) => s.kind !== 'forbid' && s.kind !== 'extra' && !(s.kind === 'format' && s.only);

/** A sentence that sets up one named part of the answer ("in a section called TAKEAWAYS"). */
const PART = /\bsection (?:called|named|titled|headed)\b|\bunder (?:the |a )?heading\b/i;

/** "ONE SENTENCE SUMMARY" in capitals is the name of a section, not a limit. */
const sectionName = (s: Slot) => /[A-Z]{2}/.test(s.phrase) && s.phrase === s.phrase.toUpperCase();

/**
 * Sentences that balance brevity and depth themselves ("comprehensive yet concise"): the author weighed
 * the two, so neither half is set against another sentence.
 */
function balancedSentences(text: string, slots: Slot[], spans: readonly Span[]): Set<Slot> {
  const out = new Set<Slot>();
  // Slots are in text order: each meets only the later ones of its own sentence.
  for (let i = 0; i < slots.length; i++) {
    const end = sentenceOf(spans, slots[i])?.end ?? slots[i].end;
    for (let j = i + 1; j < slots.length && slots[j].end <= end; j++)
      if (clash(slots[i], slots[j]) && balanced(text, slots[i], slots[j], spans)) {
        out.add(slots[i]);
        out.add(slots[j]);
      }
  }
  return out;
}

/** A limit and a count asked in sequence ("one sentence, then a list of 5") are two parts, not one answer. */
const isPartSize = (s: Slot) => s.kind === 'max' || s.kind === 'count' || (s.kind === 'format' && s.format === 'list');

/**
 * The numbered item ("1.", "b)") holding a position, by its line start; -1 outside any. Bullets are left
 * out: a prompt written as a bulleted list of rules states one answer's rules, not its parts.
 */
function itemOf(text: string, at: number): number {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*(?:\d+|[a-z])[.)]\s/.test(text.slice(start, start + 8)) ? start : -1;
}

const NEARBY = 400;
const nearby = (text: string, x: Slot, y: Slot) =>
  y.start - x.end <= NEARBY && !/\n[ \t]*\n/.test(text.slice(x.end, y.start));

function signature(s: Slot): string {
  const { phrase: _p, start: _s, end: _e, ...rest } = s;
  return JSON.stringify(rest);
}

export const conflictingConstraints: LintRule = {
  id: 'conflicting-constraints',
  severity: 'warning',
  why: 'When two instructions contradict each other the model has to guess which one you meant, and it may follow a different one on every run.',
  guidance: GUIDANCE.openaiGpt41,
  check(text) {
    const spans = sentences(text);
    const slots = typedSlots(text).filter(
      (s) => !perItem(text, s, spans) && !sectionName(s) && !partBrevity(text, s, spans),
    );
    const sequenced = new Set(
      slots.filter((s) => {
        const sentence = sentenceOf(spans, s)?.text ?? '';
        return SEQUENCE.test(sentence) || PART.test(sentence);
      }),
    );
    const balancedAlone = balancedSentences(text, slots, spans);
    // What each slot's sentence says, read once: a long prompt compares each slot with many others.
    const readFacts = (s: Slot) => {
      const sentence = sentenceOf(spans, s);
      const t = sentence?.text ?? '';
      return { sentence, whole: WHOLE.test(t), conditional: CONDITIONAL.test(t), item: itemOf(text, s.start) };
    };
    const facts = new Map(slots.map((s) => [s, readFacts(s)]));
    const factsOf = (s: Slot) => facts.get(s) ?? readFacts(s);
    const reported = new Set<string>();
    /** One finding per pair of sentences, however many of their slots disagree. */
    const reportedPairs = new Set<string>();
    const firstClash = (later: Slot, earlierKinds: Iterable<[Slot, Slot]>) => {
      if (balancedAlone.has(later)) return undefined;
      for (const pair of earlierKinds) {
        for (const earlier of pair) {
          if (later.start < earlier.end) continue;
          if (balancedAlone.has(earlier)) continue;
          const why = clash(earlier, later);
          if (!why || reported.has(why)) continue;
          const [fa, fb] = [factsOf(earlier), factsOf(later)];
          const a = fa.sentence;
          const b = fb.sentence;
          // "Your whole answer must fit in one sentence" holds across the parts asked in turn.
          const whole = (fa.whole && !sequenced.has(earlier)) || (fb.whole && !sequenced.has(later));
          if (isPartSize(earlier) && isPartSize(later) && (sequenced.has(earlier) || sequenced.has(later)) && !whole)
            continue;
          if (a && b && reportedPairs.has(`${a.start}|${b.start}`)) continue;
          // Two parts asked one after the other may each have their own form, unless a limit covers the whole.
          if (
            (sequenced.has(earlier) || sequenced.has(later)) &&
            partSetting(earlier) &&
            partSetting(later) &&
            !fa.whole &&
            !fb.whole
          )
            continue;
          if (
            // "If the input is empty, start with a short note": prose asked for one case only.
            (later.kind === 'person' ||
              later.kind === 'register' ||
              // "If you use advanced concepts, briefly explain them": brevity for one case.
              later.kind === 'brevity' ||
              earlier.kind === 'brevity' ||
              (later.kind === 'extra' && earlier.kind === 'format') ||
              (earlier.kind === 'extra' && later.kind === 'format')) &&
            a !== b &&
            (fa.conditional || fb.conditional)
          )
            continue;
          // Two items of a list ("1. A formal email ... 2. A casual message ...") are separate parts of the answer.
          if (fa.item >= 0 && fb.item >= 0 && fa.item !== fb.item) continue;
          // A one-sentence limit and a list meet only nearby: a long prompt's sections ask for each in turn.
          const kinds = `${earlier.kind}|${later.kind}`;
          if ((kinds === 'max|format' || kinds === 'format|max') && !nearby(text, earlier, later)) continue;
          if (!balanced(text, earlier, later, spans)) return { earlier, why };
        }
      }
      return undefined;
    };
    const out: RawFinding[] = [];
    // Earlier slots by what they say: a later slot is compared with the first and the last of each kind
    // of constraint, not with every earlier phrase, so a long prompt stays linear.
    // Grouped by kind: a slot is compared only with the kinds it can clash with.
    const seenByKind = new Map<Slot['kind'], Map<string, [Slot, Slot]>>();
    const rivals = (kind: Slot['kind']) => {
      const out: Array<[Slot, Slot]> = [];
      for (const [k, group] of seenByKind) if (canClash(kind, k)) for (const pair of group.values()) out.push(pair);
      return out;
    };
    for (const later of slots) {
      const found = firstClash(later, rivals(later.kind));
      if (found) {
        reported.add(found.why);
        const a = sentenceOf(spans, found.earlier);
        const b = sentenceOf(spans, later);
        if (a && b) reportedPairs.add(`${a.start}|${b.start}`);
        out.push({
          message: `"${later.phrase}" conflicts with "${found.earlier.phrase}": ${found.why}.`,
          start: later.start,
          end: later.end,
        });
      }
      const key = signature(later);
      const group = seenByKind.get(later.kind) ?? new Map<string, [Slot, Slot]>();
      const had = group.get(key);
      group.set(key, had ? [had[0], later] : [later, later]);
      seenByKind.set(later.kind, group);
    }
    // Constraints on one named target (a count of one thing, each item's length, "only X", a ban).
    for (const { earlier, later, why } of targetClashes(text, spans)) {
      const a = sentenceOf(spans, earlier);
      const b = sentenceOf(spans, later);
      const pair = a && b ? `${a.start}|${b.start}` : '';
      if (reportedPairs.has(pair) || out.some((f) => f.start === later.start)) continue;
      reportedPairs.add(pair);
      out.push({
        message: `"${later.phrase}" conflicts with "${earlier.phrase}": ${why}.`,
        start: later.start,
        end: later.end,
      });
    }
    return out.sort((x, y) => x.start - y.start);
  },
};
