/** Which constraint slots cannot both hold, and why. */
import { DATA_FORMATS, type Slot } from './slot';

/** Fewest words a paragraph takes: a limit below this many per paragraph cannot hold them. */
const WORDS_PER_PARAGRAPH = 20;
/** Fewest words a sentence takes. */
const WORDS_PER_SENTENCE = 5;
/** Fewest characters a word takes, its space included. */
const CHARACTERS_PER_WORD = 4;
/** Most list items or paragraphs a sentence can carry before a count no longer fits in it. */
const ITEMS_PER_SENTENCE = 2;
/** A word limit at or below this is a short answer, which cannot also be exhaustive. */
const SHORT_WORDS = 150;
const SHORT_SENTENCES = 3;
const SHORT_CHARACTERS = 800;

const isShort = (s: Slot) =>
  s.kind === 'brevity' ||
  (s.kind === 'max' &&
    ((s.unit === 'words' && s.n <= SHORT_WORDS) ||
      (s.unit === 'sentences' && s.n <= SHORT_SENTENCES) ||
      (s.unit === 'characters' && s.n <= SHORT_CHARACTERS)));

/** Which kinds of slot can contradict each other, first kind to second: most pairs cannot. */
const CAN_CLASH: Partial<Record<Slot['kind'], Partial<Record<Slot['kind'], true>>>> = {
  depth: { brevity: true, max: true },
  max: { min: true, count: true, format: true },
  forbid: { format: true, extra: true },
  format: { format: true, extra: true },
  register: { register: true },
  person: { person: true },
};

/** Whether a slot of one kind can ever contradict a slot of the other. */
export function canClash(a: Slot['kind'], b: Slot['kind']): boolean {
  return CAN_CLASH[a]?.[b] === true || CAN_CLASH[b]?.[a] === true;
}

const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;

/** Why `needed` parts of a unit cannot fit under a maximum, or undefined when they can. */
function tooManyFor(max: Slot & { kind: 'max' }, unit: string, needed: number): string | undefined {
  if (max.unit === unit && needed > max.n) return `${needed} ${unit} cannot fit in at most ${max.n}`;
  if (max.unit === 'words' && unit === 'paragraphs' && max.n < WORDS_PER_PARAGRAPH * needed)
    return `${needed} paragraphs cannot fit in ${words(max.n)}`;
  if (max.unit === 'words' && unit === 'sentences' && max.n < WORDS_PER_SENTENCE * needed)
    return `${needed} sentences cannot fit in ${words(max.n)}`;
  if (max.unit === 'characters' && unit === 'words' && needed * CHARACTERS_PER_WORD > max.n)
    return `${needed} words cannot fit in ${max.n} characters`;
  return undefined;
}

function maxAgainst(a: Slot & { kind: 'max' }, b: Slot): string | undefined {
  if (b.kind === 'min') {
    if (a.unit === b.unit) return b.n > a.n ? 'the minimum length is above the maximum' : undefined;
    // Each paragraph holds at least one sentence.
    if (a.unit === 'sentences' && b.unit === 'paragraphs' && b.n > a.n)
      return `${b.n} paragraphs cannot fit in ${a.n} sentences`;
    return tooManyFor(a, b.unit, b.n);
  }
  if (b.kind === 'count') {
    const parts = b.unit !== 'words' && b.unit !== 'characters';
    if (a.unit === 'sentences' && a.n === 1 && parts && (b.n === undefined || b.n >= 2))
      return 'one sentence cannot hold several items or paragraphs';
    if (b.n === undefined) return undefined;
    if (a.unit === 'sentences' && parts && b.n > ITEMS_PER_SENTENCE * a.n)
      return `${b.n} ${b.unit} cannot fit in ${a.n} sentences`;
    return b.n >= 2 || a.unit === b.unit ? tooManyFor(a, b.unit, b.n) : undefined;
  }
  if (b.kind === 'format')
    return a.unit === 'sentences' &&
      a.n === 1 &&
      /sentence/i.test(a.phrase) &&
      (b.format === 'list' || b.format === 'table')
      ? `one sentence cannot hold a ${b.format}`
      : undefined;
  return undefined;
}

function formatAgainst(a: Slot & { kind: 'format' }, b: Slot & { kind: 'format' }): string | undefined {
  if (a.format === b.format || a.format === 'list' || b.format === 'list') return undefined;
  if (DATA_FORMATS.includes(a.format) || DATA_FORMATS.includes(b.format))
    return `the answer cannot be both ${a.format} and ${b.format === 'prose' ? 'plain prose' : b.format}`;
  const pair = new Set([a.format, b.format]);
  return pair.has('table') && pair.has('letter') ? 'the answer cannot be both a table and a letter' : undefined;
}

/** Why two slots cannot both hold, or undefined when they can. */
export function clash(x: Slot, y: Slot): string | undefined {
  const [a, b] = CAN_CLASH[x.kind]?.[y.kind] ? [x, y] : CAN_CLASH[y.kind]?.[x.kind] ? [y, x] : [];
  if (!a || !b) return undefined;
  if (a.kind === 'depth') return isShort(b) ? 'the answer cannot be both short and exhaustive' : undefined;
  if (a.kind === 'max') return maxAgainst(a, b);
  if (a.kind === 'forbid' && b.kind === 'format')
    // Without markdown there are no markdown tables or code marks; without formatting, none of them.
    return a.format === b.format ||
      (a.format === 'markdown' && (b.format === 'table' || b.format === 'code')) ||
      (a.format === 'formatting' && ['markdown', 'table', 'code'].includes(b.format))
      ? `${a.format === 'list' ? 'lists are' : `${a.format} is`} both forbidden and asked for`
      : undefined;
  if (a.kind === 'format' && b.kind === 'format') return formatAgainst(a, b);
  if (a.kind === 'forbid' && b.kind === 'extra')
    return a.format === 'explanation' ? 'explanations are both forbidden and asked for' : undefined;
  if (a.kind === 'format' && b.kind === 'extra')
    return a.only && DATA_FORMATS.includes(a.format)
      ? `nothing but ${a.format.toUpperCase()} leaves no room for prose around it`
      : undefined;
  if (a.kind === 'person' && b.kind === 'person')
    return a.person !== b.person ? 'the answer cannot speak in two grammatical persons' : undefined;
  if (a.kind === 'register' && b.kind === 'register')
    return a.register !== b.register ? 'the tone cannot be both formal and casual' : undefined;
  return undefined;
}
