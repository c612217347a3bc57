/** Which constraint slots cannot both hold, and why. */
import { DATA_FORMATS, type Format, type LengthUnit, type Slot } from './slot';

/**
 * Fewest units of a limit one part of another unit takes: a paragraph takes 20 words, a sentence 5, a
 * word 4 characters (its space included). More parts than the limit holds at that size cannot fit.
 */
const FEWEST_PER_PART: Partial<Record<LengthUnit, Partial<Record<LengthUnit, number>>>> = {
  words: { paragraphs: 20, sentences: 5 },
  characters: { words: 4 },
};

/** The longest limit of each unit that still makes a short answer, which cannot also be exhaustive. */
const SHORT_AT_MOST: Partial<Record<LengthUnit, number>> = { words: 150, sentences: 3, characters: 800 };

/** What a ban on a form rules out besides that form: without markdown there are no markdown tables or code marks. */
const BAN_ALSO_RULES_OUT: Partial<Record<Format, readonly Format[]>> = {
  markdown: ['table', 'code'],
  formatting: ['markdown', 'table', 'code'],
};

const isShort = (s: Slot) =>
  s.kind === 'brevity' || (s.kind === 'max' && s.n <= (SHORT_AT_MOST[s.unit] ?? Number.NEGATIVE_INFINITY));

/** Which kinds of slot can contradict each other, first kind to second: most pairs cannot. */
const CAN_CLASH: Partial<Record<Slot['kind'], Partial<Record<Slot['kind'], true>>>> = {
  depth: { brevity: true, max: true },
  max: { min: true, count: true },
  forbid: { format: true, extra: true },
  format: { format: true, extra: true },
  register: { register: true },
};

/** Whether a slot of one kind can ever contradict a slot of the other. */
export function canClash(a: Slot['kind'], b: Slot['kind']): boolean {
  return CAN_CLASH[a]?.[b] === true || CAN_CLASH[b]?.[a] === true;
}

/** Why `needed` parts of a unit cannot fit under a maximum, or undefined when they can. */
function tooManyFor(max: Slot & { kind: 'max' }, unit: LengthUnit, needed: number): string | undefined {
  if (max.unit === unit) return needed > max.n ? `${needed} ${unit} cannot fit in at most ${max.n}` : undefined;
  const each = FEWEST_PER_PART[max.unit]?.[unit];
  if (each === undefined || each * needed <= max.n) return undefined;
  const limit = max.unit === 'words' && max.n === 1 ? '1 word' : `${max.n} ${max.unit}`;
  return `${needed} ${unit} cannot fit in ${limit}`;
}

function maxAgainst(a: Slot & { kind: 'max' }, b: Slot): string | undefined {
  if (b.kind === 'min') {
    if (a.unit === b.unit) return b.n > a.n ? 'the minimum length is above the maximum' : undefined;
    // Each paragraph holds at least one sentence.
    if (a.unit === 'sentences' && b.unit === 'paragraphs')
      return b.n > a.n ? `${b.n} paragraphs cannot fit in ${a.n} sentences` : undefined;
    return tooManyFor(a, b.unit, b.n);
  }
  // A limit in sentences beside a count of parts mostly sizes one part (a one-line summary before a list):
  // on unseen prompts that reading was wrong both times it was made. A count of one in another unit is
  // the answer itself (one paragraph), not parts of it.
  if (b.kind === 'count' && b.n !== undefined && a.unit !== 'sentences' && (b.n >= 2 || a.unit === b.unit))
    return tooManyFor(a, b.unit, b.n);
  return undefined;
}

function formatAgainst(a: Slot & { kind: 'format' }, b: Slot & { kind: 'format' }): string | undefined {
  if (a.format === b.format || a.format === 'list' || b.format === 'list') return undefined;
  if (DATA_FORMATS.includes(a.format) || DATA_FORMATS.includes(b.format))
    return `the answer cannot be both ${a.format} and ${b.format === 'prose' ? 'plain prose' : b.format}`;
  const pair = new Set([a.format, b.format]);
  return pair.has('table') && pair.has('letter') ? 'the answer cannot be both a table and a letter' : undefined;
}

const forbiddenAndAsked = (format: Format) =>
  `${format === 'list' ? 'lists are' : format === 'explanation' ? 'explanations are' : `${format} is`} both forbidden and asked for`;

/** Why two slots cannot both hold, or undefined when they can. */
export function clash(x: Slot, y: Slot): string | undefined {
  const [a, b] = CAN_CLASH[x.kind]?.[y.kind] ? [x, y] : CAN_CLASH[y.kind]?.[x.kind] ? [y, x] : [];
  if (!a || !b) return undefined;
  if (a.kind === 'depth') return isShort(b) ? 'the answer cannot be both short and exhaustive' : undefined;
  if (a.kind === 'max') return maxAgainst(a, b);
  if (a.kind === 'forbid' && b.kind === 'format')
    return a.format === b.format || BAN_ALSO_RULES_OUT[a.format]?.includes(b.format)
      ? forbiddenAndAsked(a.format)
      : undefined;
  if (a.kind === 'forbid' && b.kind === 'extra')
    return a.format === 'explanation' ? forbiddenAndAsked(a.format) : undefined;
  if (a.kind === 'format' && b.kind === 'format') return formatAgainst(a, b);
  if (a.kind === 'format' && b.kind === 'extra')
    return a.only && DATA_FORMATS.includes(a.format)
      ? `nothing but ${a.format.toUpperCase()} leaves no room for prose around it`
      : undefined;
  if (a.kind === 'register' && b.kind === 'register')
    return a.register !== b.register ? 'the tone cannot be both formal and casual' : undefined;
  return undefined;
}
