/** Reads every slot of a text: each extractor's matches outside fenced data, negations dropped. */
import { NUMBER_START } from '../reading/numberWords';
import { delimitedRanges, negatedAt, type Range } from '../reading/text';
import { FORM_EXTRACTORS } from './forms';
import { LENGTH_EXTRACTORS } from './lengths';
import { NUMBER_FIRST } from './patterns';
import type { Slot } from './slot';
import { TONE_EXTRACTORS } from './tone';

const EXTRACTORS = [...LENGTH_EXTRACTORS, ...FORM_EXTRACTORS, ...TONE_EXTRACTORS];

/** Whether a position falls in one of the ranges, by binary search over their union. */
function insideMerged(ranges: readonly Range[]): (at: number) => boolean {
  const merged: Array<[number, number]> = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = merged.at(-1);
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

/** Matches of a sticky pattern tried at each start. */
function* matchesAt(text: string, re: RegExp, starts: readonly number[]): Generator<RegExpExecArray> {
  for (const at of starts) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m) yield m;
  }
}

export function extractSlots(text: string): Slot[] {
  const inData = insideMerged(delimitedRanges(text));
  const out: Slot[] = [];
  const taken = new Set<string>();
  let numberStarts: number[] | undefined;
  for (const [re, read] of EXTRACTORS) {
    const sticky = NUMBER_FIRST.has(re);
    if (sticky) numberStarts ??= Array.from(text.matchAll(NUMBER_START), (m) => m.index);
    for (const m of sticky ? matchesAt(text, re, numberStarts ?? []) : text.matchAll(re)) {
      if (inData(m.index)) continue;
      const value = read(m);
      if (!value) continue;
      // A negation turns a demand into its opposite; only a ban is written with one.
      if (value.kind !== 'forbid' && negatedAt(text, m.index)) continue;
      const key = `${value.kind}@${m.index}`;
      if (taken.has(key)) continue;
      taken.add(key);
      out.push({ ...value, phrase: m[0], start: m.index, end: m.index + m[0].length });
    }
  }
  out.sort((a, b) => a.start - b.start);
  return withoutInnerCounts(out);
}

/**
 * A bound holds the count written inside it (a minimum of five paragraphs is not also a request for five
 * paragraphs). Slots are in text order, so the bound holding a count, if any, is the last one begun before it.
 */
function withoutInnerCounts(slots: Slot[]): Slot[] {
  let bound: Slot | undefined;
  return slots.filter((s) => {
    if (s.kind === 'max' || s.kind === 'min') {
      if (!bound || s.end > bound.end) bound = s;
      return true;
    }
    return s.kind !== 'count' || !bound || s.end > bound.end;
  });
}
