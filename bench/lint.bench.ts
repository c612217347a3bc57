/**
 * Prompt check quality and speed. Quality: per-rule precision and recall over the labelled corpus in
 * bench/lint-corpus (an item counts once per rule: did the rule fire, should it have). Precision at
 * error/warning severity is the goal for those rules (>= 0.9); info rules are shown at info.
 * Speed: median time for a 2 KB, a 20 KB and a 100 KB prompt. Budgets: 5 ms and 50 ms (2 KB, 100 KB).
 */
import { lintPrompt, LINT_RULE_IDS, LINT_RULES, type LintRuleId } from '@prompt-perfect/core/rules/lint/index';
import { loadCorpus, type CorpusItem } from './lint-corpus/corpus';

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

function score(items: CorpusItem[]): Map<LintRuleId, Counts> {
  const counts = new Map<LintRuleId, Counts>(LINT_RULE_IDS.map((id) => [id, { tp: 0, fp: 0, fn: 0 }]));
  for (const item of items) {
    const fired = new Set(lintPrompt(item.prompt, item.context).map((f) => f.rule));
    for (const rule of LINT_RULE_IDS) {
      const c = counts.get(rule)!;
      const expected = item.expect.includes(rule);
      if (fired.has(rule) && expected) c.tp++;
      else if (fired.has(rule)) c.fp++;
      else if (expected) c.fn++;
    }
  }
  return counts;
}

const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
const total = (counts: Iterable<Counts>) => [...counts].reduce((s, c) => ({ tp: s.tp + c.tp, fp: s.fp + c.fp, fn: s.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** `size` characters of the corpus's own prompts, one per paragraph. */
export function promptOfSize(items: CorpusItem[], size: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const p = items[i % items.length].prompt;
    parts.push(p);
    length += p.length + 2;
  }
  return parts.join('\n\n').slice(0, size);
}

function timeLint(text: string, rounds: number): number {
  for (let i = 0; i < 5; i++) lintPrompt(text);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    lintPrompt(text, { original: text, variables: {} });
    times.push(performance.now() - t0);
  }
  return Number(median(times).toFixed(3));
}

export async function run(): Promise<Record<string, number | string>> {
  const items = loadCorpus();
  const heldOut = items.filter((i) => i.file === 'hand-heldout.txt');
  const counts = score(items);
  const figures: Record<string, number | string> = {};
  const bySource = (prefix: string) => items.filter((i) => i.id.startsWith(prefix)).length;
  figures['lint corpus (prompts)'] =
    `${items.length}: ${items.filter((i) => i.file.startsWith('hand-written')).length} hand-written, ${heldOut.length} held-out hand-written, ${bySource('seed-')} clean seeds, ` +
    `${bySource('plant-')} planted defects, ${bySource('ctrl-')} near-miss controls; ${items.filter((i) => !i.expect.length).length} clean in all`;
  for (const rule of LINT_RULES) {
    const c = counts.get(rule.id)!;
    figures[`lint ${rule.id} (${rule.severity})`] =
      `precision ${ratio(c.tp, c.tp + c.fp)}  recall ${ratio(c.tp, c.tp + c.fn)}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
  }
  const all = total(counts.values());
  figures['lint overall'] = `precision ${ratio(all.tp, all.tp + all.fp)}  recall ${ratio(all.tp, all.tp + all.fn)}`;
  const held = total(score(heldOut).values());
  figures['lint held-out hand-written only'] =
    `precision ${ratio(held.tp, held.tp + held.fp)}  recall ${ratio(held.tp, held.tp + held.fn)}  (tp ${held.tp}, fp ${held.fp}, fn ${held.fn})`;
  figures['lint goal'] = 'precision >= 0.9 per error/warning rule, recall >= 0.8 overall';

  figures['lint 2 KB prompt (ms)'] = timeLint(promptOfSize(items, 2 * 1024), 200);
  figures['lint 20 KB prompt (ms)'] = timeLint(promptOfSize(items, 20 * 1024), 50);
  figures['lint 100 KB prompt (ms)'] = timeLint(promptOfSize(items, 100 * 1024), 15);
  figures['lint speed budget'] = 'under 5 ms for 2 KB, under 50 ms for 100 KB';
  return figures;
}

// `npx tsx bench/lint.bench.ts` prints this section alone.
if (process.argv[1]?.endsWith('lint.bench.ts')) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k.padEnd(46)} ${v}`);
}
