/**
 * What a slot's sentence says about its reach: a limit for each item, brevity for one named part, parts
 * asked in turn, a whole-answer limit, a condition, a balance the author weighed. Each of these lets two
 * slots that would clash on one answer both hold.
 */
import type { Slot } from '../../constraints';
import type { Span } from '../../reading/text';

/** Words that ask for parts one after the other: each part takes its own limit. */
export const SEQUENCE =
  /\b(?:then|finally|afterwards|after that|followed by|end with|conclude|sum (?:it )?up|first(?![- ]person)|start with|begin with|next|ensuite|puis|luego|después|dann|danach|anschließend|poi|depois)\b/i;

/** A sentence that sets up one named part of the answer. */
export const PART = /\bsection (?:called|named|titled|headed)\b|\bunder (?:the |a )?heading\b/i;

/** A limit said to hold for the whole answer holds across its parts. */
export const WHOLE = /\b(?:whole|entire|total|overall|altogether|(?:your|the) (?:answer|reply|response|output))\b/i;

/** An exception for one case, not a second rule. */
export const CONDITIONAL = /\b(?:if|when|whenever|unless|except|only for|si|cuando|wenn|falls|se|quando)\b/i;

/** Words that set two demands against each other on purpose, within one sentence. */
const BALANCE = /\b(?:but|yet|while|though|although|without being|and still|balanc\w*)\b/i;

/** Characters at a line's start read for a list marker (indentation, a number, a bracket). */
const MARKER_REACH = 8;
/** Characters after a slot read for a per-item phrase following it. */
const PER_ITEM_LOOKAHEAD = 30;

/** The sentence holding a slot, by binary search over the sentences in text order. */
export function sentenceOf(spans: readonly Span[], s: { start: number; end: number }): Span | undefined {
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

/** A size or shortness that limits each item (each, every, per) rather than the whole answer. */
export function perItem(text: string, slot: Slot, spans: readonly Span[]): boolean {
  if (slot.kind !== 'max' && slot.kind !== 'brevity') return false;
  const before = text.slice(sentenceOf(spans, slot)?.start ?? 0, slot.start);
  const after = text.slice(slot.end, slot.end + PER_ITEM_LOOKAHEAD);
  // A limit in parentheses sizes the thing named just before it (a field, a column), not the answer.
  if (/\([^()]*$/.test(before) && /^[^()]*\)/.test(after)) return true;
  // The last "each" before the slot, unless an answering verb follows it: then "each" named the input.
  const each = /\b(?:each|every|per)\b(?![^.]*\b(?:each|every|per)\b)([^.]*)$/i.exec(before);
  return (
    (each !== null && !/\b(?:answer|reply|respond|summari[sz]e|explain)\b/i.test(each[1])) ||
    /^\s*(?:per|for each|each|for every|apiece)\b/i.test(after)
  );
}

/** Shortness asked of one part of the answer: a noun phrase naming a field, or one item of a list of parts. */
export function partBrevity(text: string, slot: Slot, spans: readonly Span[]): boolean {
  if (slot.kind !== 'brevity') return false;
  const before = text.slice(sentenceOf(spans, slot)?.start ?? 0, slot.start);
  const lineStart = text.lastIndexOf('\n', slot.start - 1) + 1;
  const listItem = /^[ \t]*(?:[-*•]|\d+[.)])\s/.test(text.slice(lineStart, lineStart + MARKER_REACH));
  return (
    (/^(?:an?|the)\s+(?:[\w-]+\s+){0,3}$/i.test(before) &&
      /^\s+(?:[\w-]+\s+)?of\b/i.test(text.slice(slot.end, slot.end + PER_ITEM_LOOKAHEAD))) ||
    (listItem && /\b(?:include|add|with)\b[^,;]*$/i.test(before))
  );
}

/** Two demands in one sentence joined by a word of balance: the author weighed them. */
export function balanced(text: string, x: Slot, y: Slot, spans: readonly Span[]): boolean {
  const [first, second] = x.start < y.start ? [x, y] : [y, x];
  const s = sentenceOf(spans, first);
  return !!s && second.end <= s.end && BALANCE.test(text.slice(first.end, second.start));
}

/** A name in capitals (a section's title) is not a limit. */
export const sectionName = (s: Slot) => /[A-Z]{2}/.test(s.phrase) && s.phrase === s.phrase.toUpperCase();

/** A setting one part can have on its own; a ban, nothing-but-this-format and prose around hold for all parts. */
export const partSetting = (s: Slot) => s.kind !== 'forbid' && s.kind !== 'extra' && !(s.kind === 'format' && s.only);

/** A size of one part: asked in turn with another, the two are parts, not one answer. */
export const isPartSize = (s: Slot) => s.kind === 'max' || s.kind === 'count';

/**
 * The numbered item holding a position, by its line start; -1 outside any. Bullets are left out: a
 * bulleted list of rules states one answer's rules, not its parts.
 */
export function itemOf(text: string, at: number): number {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*(?:\d+|[a-z])[.)]\s/.test(text.slice(start, start + MARKER_REACH)) ? start : -1;
}
