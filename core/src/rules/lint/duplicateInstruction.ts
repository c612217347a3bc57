/** duplicate-instruction: the same sentence said twice (data fenced off as input is not counted). */
import { GUIDANCE } from './guidance';
import { delimitedRanges, insideAny, sentences } from './text';
import type { LintRule, RawFinding } from './types';

/** A restatement after a long context block is deliberate (instructions before and after the documents). */
const SANDWICH_GAP = 800;

const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
    .replace(/^(?:please|also|again|and)\b[,:]?\s+/, '')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

export const duplicateInstruction: LintRule = {
  id: 'duplicate-instruction',
  severity: 'warning',
  why: 'Saying the same thing twice adds length without adding information, and when the two copies drift apart in later edits the model gets contradictory orders.',
  guidance: GUIDANCE.clearAndDirect,
  check(text) {
    const data = delimitedRanges(text);
    const first = new Map<string, number>();
    const out: RawFinding[] = [];
    for (const s of sentences(text)) {
      if (insideAny(data, s.start, s.end)) continue;
      const key = normalize(s.text);
      if (key.split(' ').length < 4) continue;
      const earlier = first.get(key);
      if (earlier === undefined) {
        first.set(key, s.end);
        continue;
      }
      if (s.start - earlier >= SANDWICH_GAP) continue;
      // Remove the repeat with the spaces before it, so the text around closes up.
      let from = s.start;
      while (from > 0 && /[ \t]/.test(text[from - 1])) from--;
      if (from > 0 && text[from - 1] === '\n' && (s.end === text.length || text[s.end] === '\n')) from--;
      out.push({
        message: `This repeats an earlier instruction: "${s.text.length > 60 ? `${s.text.slice(0, 57)}...` : s.text}"`,
        start: s.start,
        end: s.end,
        fix: { label: 'Remove the repeat', start: from, end: s.end, text: '' },
      });
    }
    return out;
  },
};
