/** The constraints a prompt sets on its answer, as typed slots that rules compare whatever their wording. */

export type LengthUnit = 'words' | 'sentences' | 'paragraphs' | 'items' | 'characters';

/** A form of the answer. `code`: code marks (backticks, fences); `formatting`: any at all, only ever forbidden. */
export type Format =
  | 'json'
  | 'csv'
  | 'yaml'
  | 'xml'
  | 'table'
  | 'list'
  | 'letter'
  | 'prose'
  | 'explanation'
  | 'markdown'
  | 'code'
  | 'formatting';

export const DATA_FORMATS: readonly Format[] = ['json', 'csv', 'yaml', 'xml'];

/** What a slot says, without where it was read. */
export type SlotValue =
  | { kind: 'max'; unit: LengthUnit; n: number }
  | { kind: 'min'; unit: LengthUnit; n: number }
  /** Short with no number. */
  | { kind: 'brevity' }
  | { kind: 'depth' }
  /** A count of things asked for; n undefined for a list of no stated size. */
  | { kind: 'count'; unit: LengthUnit; n?: number }
  /** `only`: nothing but this format. */
  | { kind: 'format'; format: Format; only: boolean }
  | { kind: 'forbid'; format: Format }
  | { kind: 'register'; register: 'formal' | 'casual' }
  /** Prose asked around the answer: reasoning shown, an introduction. */
  | { kind: 'extra' };

/** What a slot says, and the phrase it was read from with its offsets. */
export type Slot = SlotValue & { phrase: string; start: number; end: number };

/** Words a number is followed by when it sizes the answer. */
export function unitOf(word: string): LengthUnit {
  const w = word.toLowerCase();
  if (/^(?:word|wört|wort|mot|palabra|parol|palavra)/.test(w)) return 'words';
  if (/^(?:sentence|line|satz|sätz|phras|fras)/.test(w)) return 'sentences';
  if (/^(?:paragra|abs|párr|parág)/.test(w)) return 'paragraphs';
  if (w.startsWith('char')) return 'characters';
  return 'items';
}
