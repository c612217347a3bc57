/**
 * What a prompt asks about the form and limits of its answer, as typed slots (see slot.ts): a length
 * limit, depth, a count, a format, a ban, a register. Rules compare slots rather than phrase pairs, so a
 * word limit and a demand for exhaustive detail meet whatever their wording. English plus French,
 * Spanish, German, Italian and Portuguese; restatements in free words are left to the model check.
 */
import { remembersPrompts } from '../promptMemory';
import { extractSlots } from './extract';
import type { Slot } from './slot';

export type { Slot } from './slot';
export { canClash, clash } from './clash';

/** The last prompt's slots: several rules read them one after the other. */
let last: { text: string; slots: Slot[] } | undefined;
remembersPrompts(() => {
  last = undefined;
});

/** Every constraint on the answer's length, form, depth or register outside fenced data, in text order. */
export function constraintSlots(text: string): Slot[] {
  if (last?.text !== text) last = { text, slots: extractSlots(text) };
  return last.slots;
}
