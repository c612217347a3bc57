/**
 * duplicate-instruction: the same instruction said twice in nearly the same words, or a sentence marked
 * as a reminder of an earlier one. A restatement in other words (the same limit in other words included)
 * needs a reading of meaning: the model check looks for it.
 */
import { LETTER } from '../../reading/characters';
import { GUIDANCE } from '../../guidance';
import { delimitedRanges, insideAny, isInstruction, sentences, type Span } from '../../reading/text';
import type { LintRule, RawFinding } from '../../types';
import { namesAround, overlap, shared, type Wording, wordingOf } from './wording';

/** Fewer content words than this and two sentences share most of them by chance. */
const MIN_CONTENT_WORDS = 3;
/** Share of content words two sentences must have in common to be the same instruction in nearly the same words. */
const SAME_WORDING = 0.8;
/** A word in more sentences than this is too common to find candidates by (it is still counted in the overlap). */
const COMMON_WORD = 40;
/** Characters of an earlier sentence quoted in the message. */
const QUOTE_LENGTH = 60;

const quote = (s: Span) => (s.text.length > QUOTE_LENGTH ? `${s.text.slice(0, QUOTE_LENGTH)}...` : s.text);

/**
 * Deletes a repeated sentence: its whole line when it stands alone on one, else the sentence with the
 * space after it, or before it at the end of a line.
 */
function removal(text: string, span: Span): RawFinding['fix'] {
  const fix = (start: number, end: number) => ({ label: 'Remove the repeat', start, end, text: '' });
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const newline = text.indexOf('\n', span.end);
  const lineEnd = newline < 0 ? text.length : newline;
  const before = text.slice(lineStart, span.start);
  const after = text.slice(span.end, lineEnd);
  if (/^[ \t]*(?:(?:[-*•]|\d+[.)])[ \t]+)?$/.test(before) && !after.trim())
    return fix(newline < 0 ? Math.max(0, lineStart - 1) : lineStart, newline < 0 ? text.length : newline + 1);
  if (after.trim()) return fix(span.start, span.end + (after.length - after.trimStart().length));
  return fix(span.start - (before.length - before.trimEnd().length), span.end);
}

/**
 * Words of the instruction mood: orders, bans and rules in the languages the linter reads. A sentence
 * without one, and without a task verb, is taken for material (a header, a list entry, a template line).
 */
const MOOD =
  /\b(?:never|always|do not|don't|must|should|avoid|make sure|remember|nie|niemals|immer|nicht|keine?|jamais|toujours|ne|n'|nunca|siempre|sempre|non|não|mai)\b/i;
/** Orders that open with a verb the task-verb list leaves out, being about form rather than the task. */
const FORM_ORDER =
  /^(?:[-*•]\s+|\d+[.)]\s+)?(?:please\s+)?(?:keep|use|include|mention|add|stay|limit|put|start|end|begin|follow)\b/i;
/**
 * A sentence the author opens by marking it as said before ("Remember:", "Again,", "Remember that"), in
 * the six languages the linter reads. "Remember to ..." is left out: it is how many first orders are put.
 */
const REMINDER =
  /^(?:[-*•]\s+|\d+[.)]\s+)?(?:and\s+)?(?:remember|again|once (?:more|again)|as (?:i|already) (?:said|mentioned)|reminder|(?:do not|don't|never) forget|to repeat|rappel|n'oublie[zs]? pas|encore une fois|recuerd[ae]|no olvides|de nuevo|otra vez|denk(?:en sie)? daran|vergiss nicht|nochmals|noch einmal|ricorda|non dimenticare|ancora una volta|lembre(?:-se)?|não esqueça|novamente)(?=\s*[:,]|\s+(?:that|que|dass|che)\b)/i;
/** Content words a reminder shares with an earlier instruction to repeat it: one is a shared topic, two a shared order. */
const MIN_SHARED_BY_REMINDER = 2;

const instruction = (sentence: string) =>
  isInstruction(sentence) || MOOD.test(sentence) || FORM_ORDER.test(sentence) || REMINDER.test(sentence);

/** Words a whole repeat needs: a short phrase said twice (a two-word order) is often a deliberate refrain. */
const MIN_REPEATED_WORDS = 4;
/**
 * Characters of material (pasted data, context that is not an instruction) between two copies that make
 * the second a deliberate reminder after the material, as long-context guides advise.
 */
const SANDWICH_MATERIAL = 600;

const NOT_WORD = new RegExp(`[^${LETTER}\\d]+`, 'g');

/** The text of a sentence with its list marker, case and punctuation left out. */
const exactKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
    .replace(NOT_WORD, ' ')
    .trim();

interface Seen {
  span: Span;
  wording: Wording;
  names: string;
  /** Characters of material before it. */
  material: number;
}

/** Sentences outside fenced data said again in nearly the same words, or marked as said before. */
function repeatedWording(text: string): RawFinding[] {
  const data = delimitedRanges(text);
  const seen: Seen[] = [];
  const byKey = new Map<string, Seen>();
  const byStem = new Map<string, number[]>();
  const out: RawFinding[] = [];
  let material = 0;
  for (const span of sentences(text)) {
    if (insideAny(data, span.start, span.end) || !instruction(span.text)) {
      material += span.text.length;
      continue;
    }
    const key = exactKey(span.text);
    const wording = wordingOf(span.text);
    const names = wording.names || namesAround(text, span);
    const same = (e: Seen) => e.names === names && material - e.material < SANDWICH_MATERIAL;
    const exact = byKey.get(key);
    let earlier = exact && key.split(' ').length >= MIN_REPEATED_WORDS && same(exact) ? exact : undefined;
    if (!earlier && wording.stems.size >= MIN_CONTENT_WORDS) {
      const candidates = new Set<number>();
      for (const stem of wording.stems) {
        const ids = byStem.get(stem) ?? [];
        if (ids.length <= COMMON_WORD) for (const id of ids) candidates.add(id);
      }
      earlier = [...candidates]
        .map((id) => seen[id])
        .find((e) => e.wording.numbers === wording.numbers && same(e) && overlap(e.wording, wording) >= SAME_WORDING);
    }
    if (!earlier && REMINDER.test(span.text))
      earlier = seen.find((e) => shared(e.wording, wording) >= MIN_SHARED_BY_REMINDER);
    const entry = { span, wording, names, material };
    for (const stem of wording.stems) {
      const ids = byStem.get(stem);
      if (ids) ids.push(seen.length);
      else byStem.set(stem, [seen.length]);
    }
    seen.push(entry);
    if (!byKey.has(key)) byKey.set(key, entry);
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

export const duplicateInstruction: LintRule = {
  id: 'duplicate-instruction',
  severity: 'warning',
  why: 'Saying the same thing twice adds length without adding information, and when the two copies drift apart in later edits the model gets contradictory orders.',
  guidance: GUIDANCE.clearAndDirect,
  check: repeatedWording,
};
