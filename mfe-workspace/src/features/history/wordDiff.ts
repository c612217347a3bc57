import { diffLines, diffWords, type ChangeObject } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this, two very different texts are compared line by line instead (still exact, less fine). */
export const WORD_DIFF_TIMEOUT_MS = 1_500;

const toParts = (changes: ChangeObject<string>[]): DiffPart[] =>
  changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));

/**
 * Word-level differences from `before` to `after`, computed in small steps between frames (the
 * diff library's async mode) so a 20 KB pair never freezes the page.
 */
export function wordDiff(before: string, after: string): Promise<DiffPart[]> {
  return new Promise((resolve) => {
    diffWords(before, after, {
      timeout: WORD_DIFF_TIMEOUT_MS,
      callback: (changes) => resolve(changes ? toParts(changes) : toParts(diffLines(before, after))),
    });
  });
}
