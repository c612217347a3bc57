import { diffLines, diffWords, type ChangeObject } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** Unique within one diff (where the part starts in the merged text), for React lists. */
  key: string;
}

/** The longest the page may be held by one synchronous attempt (a frame or so; no visible freeze). */
const SYNC_BUDGET_MS = 150;
/** Past this, two very different texts are compared line by line instead (still exact, less fine). */
const WORD_DIFF_TIMEOUT_MS = 1_500;

function toParts(changes: ChangeObject<string>[]): DiffPart[] {
  let offset = 0;
  return changes.map((c) => {
    const part: DiffPart = {
      kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
      text: c.value,
      key: String(offset),
    };
    offset += c.value.length;
    return part;
  });
}

/**
 * Word-level differences from `before` to `after`. Most pairs (versions of one prompt) finish in
 * one quick synchronous pass; a pair that needs longer is diffed again in small steps between
 * frames (the library's async mode), and past its time limit line by line, so even two unrelated
 * 20 KB texts never freeze the page.
 */
export function wordDiff(before: string, after: string): Promise<DiffPart[]> {
  const quick = diffWords(before, after, { timeout: SYNC_BUDGET_MS });
  if (quick) return Promise.resolve(toParts(quick));
  return new Promise((resolve) => {
    diffWords(before, after, {
      timeout: WORD_DIFF_TIMEOUT_MS,
      callback: (changes) => resolve(changes ? toParts(changes) : toParts(diffLines(before, after))),
    });
  });
}
