/**
 * What a prompt asks about the form and limits of its answer, as typed slots (see slot.ts): a length
 * limit, depth, a count, a format, a ban, a register, a grammatical person. Rules compare slots rather
 * than phrase pairs, so a word limit and a demand for exhaustive detail meet whatever their wording.
 * English plus French, Spanish, German, Italian and Portuguese; restatements in free words are left to
 * the model check.
 */
import { remembersPrompts } from '../promptMemory';
import { extractSlots } from './extract';
import type { Slot } from './slot';

export type { Slot } from './slot';
export { canClash, clash } from './clash';

/** The last prompt's slots: several rules read them one after the other. */
let last: { text: string; all: Slot[]; slots: Slot[] } | undefined;
remembersPrompts(() => {
  last = undefined;
});

/** Kinds only the contradiction and repeat rules read: they say nothing about the answer's form or length. */
const COMPARE_ONLY: ReadonlySet<Slot['kind']> = new Set(['person']);

function read(text: string): NonNullable<typeof last> {
  if (last?.text !== text) {
    const all = extractSlots(text);
    last = { text, all, slots: all.filter((s) => !COMPARE_ONLY.has(s.kind)) };
  }
  return last;
}

/** Every slot outside fenced data, in text order, including those only compared with each other. */
export const typedSlots = (text: string): Slot[] => read(text).all;

/** Every constraint on the answer's length, form, depth or register outside fenced data, in text order. */
export const constraintSlots = (text: string): Slot[] => read(text).slots;
