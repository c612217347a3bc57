import { GENERAL_KIND, TASK_KINDS, type TaskKind } from './taskKinds';

/** Only the start of the task is examined: enough to classify it, and constant time on huge inputs. */
export const DETECT_SLICE = 2000;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One alternation of literals between letter/digit boundaries: a single linear pass. */
function termPattern(terms: string[]): RegExp | null {
  if (terms.length === 0) return null;
  const sorted = [...terms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![a-z0-9])(?:${sorted.join('|')})(?![a-z0-9])`, 'gi');
}

const COMPILED = TASK_KINDS.map((kind) => ({ kind, strong: termPattern(kind.strong), weak: termPattern(kind.weak) }));

function count(re: RegExp | null, text: string): number {
  if (!re) return 0;
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/** The best-matching kind (strong terms weigh 3, weak 1; earlier kinds win ties), else general. */
export function detectTaskKind(task: string): TaskKind {
  const head = task.slice(0, DETECT_SLICE);
  let best: TaskKind = GENERAL_KIND;
  let bestScore = 0;
  for (const { kind, strong, weak } of COMPILED) {
    const score = 3 * count(strong, head) + count(weak, head);
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}
