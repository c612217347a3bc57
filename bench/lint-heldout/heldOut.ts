/**
 * The held-out batches of the prompt-check corpus: labelled prompts nobody has read while tuning the
 * rules. Only `bench/lint.bench.ts`, the command that scores them, may import this module; no test,
 * tool or other bench reads this folder (tools/test/heldOutGuard.test.ts fails if one does). To open a
 * batch for tuning, move it to `bench/lint-corpus` and list it in `TUNED_ON` there.
 */
import { readdirSync } from 'node:fs';
import { type CorpusItem, loadCorpus } from '../lint-corpus/corpus';

/** The held-out files, by name: `heldout-5.txt`. */
export const heldOutFiles = () =>
  readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.txt'))
    .sort();

export const loadHeldOut = (): CorpusItem[] => loadCorpus(import.meta.dirname);
