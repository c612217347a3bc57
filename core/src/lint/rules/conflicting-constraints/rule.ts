/**
 * conflicting-constraints: two constraints on the answer that cannot both hold (a length limit against
 * a demand for depth, a minimum above a maximum, one format against another, formal against casual).
 */
import { canClash, clash, constraintSlots, type Slot } from '../../constraints';
import { GUIDANCE } from '../../guidance';
import { sentences, type Span } from '../../reading/text';
import type { LintRule, RawFinding } from '../../types';
import {
  balanced,
  CONDITIONAL,
  isPartSize,
  itemOf,
  PART,
  partBrevity,
  partSetting,
  perItem,
  SEQUENCE,
  sectionName,
  sentenceOf,
  WHOLE,
} from './scope';

/** Kinds whose clash a condition in either sentence excuses: one case may want another tone or prose. */
const CONDITIONAL_KINDS: ReadonlySet<Slot['kind']> = new Set(['register', 'brevity']);

/** What a slot's sentence says about its reach, and the numbered item holding it (-1 outside any). */
function readFacts(text: string, spans: readonly Span[], s: Slot) {
  const sentence = sentenceOf(spans, s);
  const t = sentence?.text ?? '';
  return {
    sentence,
    whole: WHOLE.test(t),
    conditional: CONDITIONAL.test(t),
    sequenced: SEQUENCE.test(t) || PART.test(t),
    item: itemOf(text, s.start),
  };
}
type Facts = ReturnType<typeof readFacts>;

/** Whether what the sentences say lets the two slots both hold. */
function excused(earlier: Slot, later: Slot, fa: Facts, fb: Facts): boolean {
  const whole = (fa.whole && !fa.sequenced) || (fb.whole && !fb.sequenced);
  const inTurn = fa.sequenced || fb.sequenced;
  if (inTurn && !whole && isPartSize(earlier) && isPartSize(later)) return true;
  // Parts asked in turn may each have their own form, unless a limit covers the whole.
  if (inTurn && partSetting(earlier) && partSetting(later) && !fa.whole && !fb.whole) return true;
  const conditionalKinds =
    CONDITIONAL_KINDS.has(later.kind) ||
    CONDITIONAL_KINDS.has(earlier.kind) ||
    (later.kind === 'extra' && earlier.kind === 'format') ||
    (earlier.kind === 'extra' && later.kind === 'format');
  if (conditionalKinds && fa.sentence !== fb.sentence && (fa.conditional || fb.conditional)) return true;
  // Two numbered items are separate parts of the answer.
  return fa.item >= 0 && fb.item >= 0 && fa.item !== fb.item;
}

/** A slot's value without its place: two slots saying the same thing are compared once. */
const signature = (s: Slot) => JSON.stringify({ ...s, phrase: undefined, start: undefined, end: undefined });

export const conflictingConstraints: LintRule = {
  id: 'conflicting-constraints',
  severity: 'warning',
  why: 'When two instructions contradict each other the model has to guess which one you meant, and it may follow a different one on every run.',
  guidance: GUIDANCE.openaiGpt41,
  check(text) {
    const spans = sentences(text);
    const slots = constraintSlots(text).filter(
      (s) => !perItem(text, s, spans) && !sectionName(s) && !partBrevity(text, s, spans),
    );
    const facts = new Map(slots.map((s) => [s, readFacts(text, spans, s)]));
    // Demands the author balanced within one sentence are not set against other sentences either.
    const weighed = new Set<Slot>();
    for (let i = 0; i < slots.length; i++)
      for (let j = i + 1; j < slots.length && slots[j].end <= (facts.get(slots[i])?.sentence?.end ?? 0); j++)
        if (clash(slots[i], slots[j]) && balanced(text, slots[i], slots[j], spans)) {
          weighed.add(slots[i]);
          weighed.add(slots[j]);
        }
    const reasons = new Set<string>();
    const sentencePairs = new Set<string>();
    const out: RawFinding[] = [];
    // The first and the last earlier slot of each value, by kind: a long prompt stays linear.
    const seen = new Map<Slot['kind'], Map<string, [Slot, Slot]>>();
    for (const later of slots) {
      const fb = facts.get(later) as Facts;
      let found: { earlier: Slot; why: string } | undefined;
      for (const [kind, group] of weighed.has(later) ? [] : seen) {
        if (found || !canClash(kind, later.kind)) continue;
        for (const earlier of [...group.values()].flat()) {
          const why = clash(earlier, later);
          if (!why || reasons.has(why) || weighed.has(earlier) || later.start < earlier.end) continue;
          const fa = facts.get(earlier) as Facts;
          if (fa.sentence && fb.sentence && sentencePairs.has(`${fa.sentence.start}|${fb.sentence.start}`)) continue;
          if (excused(earlier, later, fa, fb) || balanced(text, earlier, later, spans)) continue;
          found = { earlier, why };
          break;
        }
      }
      if (found) {
        reasons.add(found.why);
        const a = facts.get(found.earlier)?.sentence;
        if (a && fb.sentence) sentencePairs.add(`${a.start}|${fb.sentence.start}`);
        out.push({
          message: `"${later.phrase}" conflicts with "${found.earlier.phrase}": ${found.why}.`,
          start: later.start,
          end: later.end,
        });
      }
      const group = seen.get(later.kind) ?? new Map<string, [Slot, Slot]>();
      const key = signature(later);
      group.set(key, [group.get(key)?.[0] ?? later, later]);
      seen.set(later.kind, group);
    }
    return out;
  },
};
