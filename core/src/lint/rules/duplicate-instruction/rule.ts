/**
 * duplicate-instruction: the same instruction said twice in nearly the same words, or the same length
 * limit set twice. A restatement in other words needs a reading of meaning: the model check looks for it.
 */
import { constraintSlots, type Slot } from '../../constraints';
import { GUIDANCE } from '../../guidance';
import { delimitedRanges, insideAny, sentences, type Span } from '../../text';
import type { LintRule, RawFinding } from '../../types';
import { overlap, type Wording, wordingOf } from './wording';

/** Fewer content words than this and two sentences share most of them by chance. */
const MIN_CONTENT_WORDS = 4;
/** Share of content words two sentences must have in common to be the same instruction in nearly the same words. */
const SAME_WORDING = 0.8;
/** A word in more sentences than this is too common to find candidates by (it is still counted in the overlap). */
const COMMON_WORD = 40;
/** Characters of an earlier sentence quoted in the message. */
const QUOTE_LENGTH = 60;

const quote = (s: Span) => (s.text.length > QUOTE_LENGTH ? `${s.text.slice(0, QUOTE_LENGTH)}...` : s.text);

/** Deletes a repeated sentence: its whole line when it stands alone on one, else the sentence and the space after it. */
function removal(text: string, span: Span): RawFinding['fix'] {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = text.indexOf('\n', span.end);
  const alone = /^[ \t]*(?:[-*•]|\d+[.)])?[ \t]*$/.test(text.slice(lineStart, span.start)) && /^[ \t]*$/.test(text.slice(span.end, lineEnd < 0 ? text.length : lineEnd));
  if (alone) return { label: 'Remove the repeat', start: lineStart, end: lineEnd < 0 ? text.length : lineEnd + 1, text: '' };
  const after = /^[ \t]*/.exec(text.slice(span.end))?.[0].length ?? 0;
  return { label: 'Remove the repeat', start: span.start, end: span.end + after, text: '' };
}

/** Sentences outside fenced data said again in nearly the same words. */
function repeatedWording(text: string): RawFinding[] {
  const data = delimitedRanges(text);
  const seen: Array<{ span: Span; wording: Wording }> = [];
  const byStem = new Map<string, number[]>();
  const out: RawFinding[] = [];
  for (const span of sentences(text)) {
    if (insideAny(data, span.start, span.end)) continue;
    const wording = wordingOf(span.text);
    if (wording.stems.size < MIN_CONTENT_WORDS) continue;
    const candidates = new Set<number>();
    for (const stem of wording.stems) {
      const ids = byStem.get(stem) ?? [];
      if (ids.length <= COMMON_WORD) for (const id of ids) candidates.add(id);
      ids.push(seen.length);
      byStem.set(stem, ids);
    }
    const earlier = [...candidates].map((id) => seen[id]).find(
      (e) => e.wording.numbers === wording.numbers && overlap(e.wording, wording) >= SAME_WORDING,
    );
    seen.push({ span, wording });
    if (!earlier) continue;
    out.push({
      message: `This repeats an earlier instruction: "${quote(earlier.span)}"`,
      start: span.start,
      end: span.end,
      fix: removal(text, span),
    });
  }
  return out;
}

/** The same maximum or minimum of the same unit set again in another sentence. */
function repeatedLimits(text: string): RawFinding[] {
  const spans = sentences(text);
  const first = new Map<string, Slot>();
  const out: RawFinding[] = [];
  for (const slot of constraintSlots(text)) {
    if (slot.kind !== 'max' && slot.kind !== 'min') continue;
    const key = `${slot.kind} ${slot.n} ${slot.unit}`;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, slot);
      continue;
    }
    const sentence = spans.find((s) => s.start <= slot.start && slot.end <= s.end);
    if (!sentence || sentence.start <= earlier.start) continue;
    out.push({ message: `This sets the same limit again as "${earlier.phrase}".`, start: slot.start, end: slot.end });
  }
  return out;
}

export const duplicateInstruction: LintRule = {
  id: 'duplicate-instruction',
  severity: 'warning',
  why: 'Saying the same thing twice adds length without adding information, and when the two copies drift apart in later edits the model gets contradictory orders.',
  guidance: GUIDANCE.clearAndDirect,
  check(text) {
    const found = repeatedWording(text);
    for (const f of repeatedLimits(text)) if (!found.some((g) => g.start <= f.start && f.end <= g.end)) found.push(f);
    return found.sort((a, b) => a.start - b.start);
  },
};
