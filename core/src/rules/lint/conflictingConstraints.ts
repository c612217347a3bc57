/** conflicting-constraints: two constraints that cannot both hold ("concise" and "in detail", "one sentence" and "a list of 10"). */
import { GUIDANCE } from './guidance';
import { delimitedRanges, insideAny, negatedAt, sentences, toNumber } from './text';
import type { LintRule, RawFinding } from './types';

interface Hit {
  phrase: string;
  start: number;
  end: number;
  /** A number the phrase carries (a word limit, a count). */
  n?: number;
}

interface Family {
  a: RegExp;
  b: RegExp;
  /** A negated phrase ("don't use bullet points") is itself the constraint on this side. */
  aIsNegative?: boolean;
  /** "each step in one sentence", "a one-sentence description per idea" limit each item, not the answer. */
  distributive?: boolean;
  /** Parts asked one after the other ("then ...") each take their own limit. */
  sequential?: boolean;
  clash(a: Hit, b: Hit): boolean;
  explain: string;
}

const NUM = '(\\d[\\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|fifty|hundred)';

const FAMILIES: Family[] = [
  {
    a: new RegExp(
      `\\b(?:concise(?:ly)?|briefly|(?:be|keep it|keep (?:the |your )?(?:answer|reply|response)) (?:brief|short)|brief (?:overview|summary|answer|reply|response|explanation|description)|succinct(?:ly)?|short (?:answer|reply|response)|tl;?dr|(?:under|fewer than|less than|no more than|at most|maximum of|max\\.?|up to) ${NUM} words)\\b`,
      'gi',
    ),
    b: new RegExp(
      `\\b(?:in (?:great |full |exhaustive |much |lots of )?detail|very detailed|thorough(?:ly)?|comprehensive(?:ly)?|exhaustive(?:ly)?|in[- ]depth|long-form|leave nothing out|cover every(?:thing| aspect)|(?:at least|a minimum of|no fewer than|more than|over) ${NUM} words)\\b`,
      'gi',
    ),
    clash: (a, b) => (a.n === undefined || b.n === undefined ? (a.n ?? 0) <= 150 && (b.n ?? 1000) >= 300 : b.n > a.n),
    explain: 'the answer cannot be both short and exhaustive',
  },
  {
    a: /\b(?:in |as |to )?(?:one|a single) (?:sentence|line)\b|\bone-(?:sentence|liner?)\b/gi,
    b: new RegExp(
      `\\b(?:a list of (?:${NUM} )?|${NUM} (?:\\w+ )?)(?:bullet points|bullets|items|points|paragraphs|steps|examples|ideas|reasons|tips|sections|sentences|options|choices|questions|names|lines|suggestions|alternatives)\\b`,
      'gi',
    ),
    clash: (_a, b) => b.n === undefined || b.n >= 2,
    distributive: true,
    sequential: true,
    explain: 'one sentence cannot hold several items or paragraphs',
  },
  {
    a: /\b(?:no|avoid(?: using)?|don'?t use|do not use|without(?: any)?|never use) (?:bullet(?:ed)?(?: points| lists)?|bullets|lists|numbered lists)\b/gi,
    aIsNegative: true,
    b: /\b(?:(?:in |as )?(?:a )?(?:bulleted|numbered) list|bullet points|as a list|in a list|use bullets)\b/gi,
    clash: () => true,
    explain: 'lists are both forbidden and asked for',
  },
  {
    a: /(?<![-\w])(?:formal(?:ly)?|strictly professional)\b/gi,
    b: /\b(?:casual(?:ly)?|informal(?:ly)?|slang|chatty|jokey)\b/gi,
    clash: () => true,
    explain: 'the tone cannot be both formal and casual',
  },
  {
    a: /\b(?:only (?:return |output |respond with |reply with )?(?:valid )?JSON|JSON only|return only (?:valid )?JSON|nothing but (?:valid )?JSON)\b/gi,
    b: /\b(?:explain your reasoning|add (?:a |an )?(?:short )?(?:explanation|commentary|introduction)|start with a (?:short )?(?:introduction|greeting)|markdown table)\b/gi,
    clash: () => true,
    explain: 'nothing but JSON leaves no room for prose around it',
  },
];

function hits(text: string, re: RegExp, data: Array<[number, number]>, negativeIsTheConstraint: boolean): Hit[] {
  const out: Hit[] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index;
    if (insideAny(data, start)) continue;
    if (!negativeIsTheConstraint && negatedAt(text, start)) continue;
    const num = m.slice(1).find((g) => g !== undefined);
    out.push({ phrase: m[0], start, end: start + m[0].length, n: num === undefined ? undefined : toNumber(num) });
  }
  return out;
}

/** "Summarize in one sentence, then explain in 3 paragraphs": two parts in sequence, not one answer. */
const SEQUENCE = /\b(?:then|finally|afterwards|after that|followed by|end with|conclude|sum (?:it )?up)\b/i;

function inSequence(hit: Hit, other: Hit, spans: ReturnType<typeof sentences>): boolean {
  return [hit, other].some((h) => SEQUENCE.test(spans.find((sp) => sp.start <= h.start && sp.end >= h.end)?.text ?? ''));
}

function perItem(text: string, hit: Hit, spans: ReturnType<typeof sentences>): boolean {
  const s = spans.find((sp) => sp.start <= hit.start && sp.end >= hit.end);
  const before = text.slice(s ? s.start : 0, hit.start);
  const after = text.slice(hit.end, hit.end + 30);
  return (
    (/\b(?:each|every|per)\b[^.]*$/i.test(before) && !/\b(?:answer|reply|respond|summari[sz]e|explain)\b/i.test(before)) ||
    /^\s*(?:per|for each|each)\b/i.test(after)
  );
}

/** "concise but thorough" in one sentence is a balance the author asked for, not a contradiction. */
function balancedInOneSentence(text: string, x: Hit, y: Hit, spans: ReturnType<typeof sentences>): boolean {
  const [first, second] = x.start < y.start ? [x, y] : [y, x];
  const s = spans.find((sp) => sp.start <= first.start && sp.end >= first.end);
  if (!s || second.end > s.end) return false;
  return /\b(?:but|yet|while|though|although|without being|and still)\b/i.test(text.slice(first.end, second.start));
}

export const conflictingConstraints: LintRule = {
  id: 'conflicting-constraints',
  severity: 'warning',
  why: 'When two instructions contradict each other the model has to guess which one you meant, and it may follow a different one on every run.',
  guidance: GUIDANCE.openaiGpt41,
  check(text) {
    const data = delimitedRanges(text);
    const spans = sentences(text);
    const out: RawFinding[] = [];
    for (const family of FAMILIES) {
      const as = hits(text, family.a, data, Boolean(family.aIsNegative)).filter((a) => !(family.distributive && perItem(text, a, spans)));
      if (!as.length) continue;
      const bs = hits(text, family.b, data, false);
      let found: [Hit, Hit] | undefined;
      for (const a of as) {
        for (const b of bs) {
          if (b.start < a.end && a.start < b.end) continue;
          if (family.sequential && inSequence(a, b, spans)) continue;
          if (family.clash(a, b) && !balancedInOneSentence(text, a, b, spans)) {
            found = [a, b];
            break;
          }
        }
        if (found) break;
      }
      if (!found) continue;
      const [a, b] = found;
      const later = a.start > b.start ? a : b;
      const earlier = later === a ? b : a;
      out.push({ message: `"${later.phrase}" conflicts with "${earlier.phrase}": ${family.explain}.`, start: later.start, end: later.end });
    }
    return out;
  },
};
