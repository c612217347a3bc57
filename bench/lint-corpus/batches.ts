/**
 * Which labelled files were read while tuning the rules. Held-out batches live apart, in a folder
 * of their own beside this one that only bench/lint.bench.ts reads; a `heldout-*.txt` here that is not listed
 * below is treated as held out all the same (never listed by disagreements.ts), and
 * tools/test/heldOutGuard.test.ts fails until it is moved there.
 */

/** Held-out files that were read while tuning the rules, with the date: their figures are validation figures. */
export const TUNED_ON: Record<string, string> = {
  'heldout-real.txt': 'validation: written from the definitions alone, tuned on 2026-11-24',
  'heldout-2.txt': 'validation: written from the definitions alone, scored blind once, tuned on 2026-11-24',
  'heldout-3.txt': 'validation: written from the definitions alone, scored blind twice, tuned on 2026-11-24',
  'heldout-4.txt': 'validation: written from the definitions alone, scored blind once, tuned on 2026-11-24',
  'heldout-5.txt':
    'validation: written from the definitions alone, scored blind as it came; branches chosen on it in the [lint-model] restructure, 2026-11-26',
  'heldout-6.txt':
    'validation: written from the definitions alone, scored blind three times; branches removed on it, 2026-11-27',
  'heldout-7.txt':
    'validation: written from the definitions alone, scored blind twice; branches removed on it, 2026-11-27',
  'labels-fab.jsonl': 'validation: labelled by others, tuned on 2026-11-24',
  'labels-acp.jsonl': 'validation: labelled by others, used to tune the rules',
};

/** A file nobody tuned on: its disagreements must not be read. */
export function isHeldOut(file: string): boolean {
  return /^heldout-[\w-]+\.txt$/.test(file) && !(file in TUNED_ON);
}
