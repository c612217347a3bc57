/**
 * The public face of the lint text helpers: applying fixes (the prompt check's "Fix" and "Fix all"),
 * and the shared reading of text that the corpus tools import from here.
 */
export { delimitedRanges, insideAny, isInstruction, sentences } from './reading/text';

/** Applies one fix to the text. */
export function applyFix(text: string, fix: { start: number; end: number; text: string }): string {
  return text.slice(0, fix.start) + fix.text + text.slice(fix.end);
}

type Edit = { start: number; end: number; text: string };

/**
 * Every fix at once ("Fix all"), as one edit of the smallest stretch that holds them all, so a
 * single undo takes it back. A fix overlapping one already taken is left out (the check finds it
 * again if it still applies). Null when there is nothing to apply.
 */
export function combinedFix(text: string, fixes: readonly Edit[]): Edit | null {
  const taken: Edit[] = [];
  for (const fix of [...fixes].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const last = taken[taken.length - 1];
    if (!last || fix.start >= last.end) taken.push(fix);
  }
  if (taken.length === 0) return null;
  const start = taken[0].start;
  const end = taken[taken.length - 1].end;
  let middle = '';
  let at = start;
  for (const fix of taken) {
    middle += text.slice(at, fix.start) + fix.text;
    at = fix.end;
  }
  return { start, end, text: middle };
}
