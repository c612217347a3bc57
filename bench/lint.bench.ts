/**
 * Prompt check quality and speed. Quality: per-rule precision and recall, each with its 95% Wilson
 * interval, per corpus, the held-out batch first (an item counts once per rule: did the rule fire at
 * any severity, should it have). Precision is also shown counting only error/warning findings: the goal
 * for those rules is >= 0.9. Speed: median time for a 2 KB, a 20 KB and a 100 KB prompt, each round a
 * freshly edited text (as while typing), so no cache of the last text helps. Budgets: 5 ms
 * and 50 ms (2 KB, 100 KB).
 */
import { availableParallelism, loadavg } from 'node:os';
import { lintPrompt, LINT_RULE_IDS, LINT_RULES, type LintRuleId } from '@prompt-perfect/core/lint/index';
import { loadCorpus, type CorpusItem } from './lint-corpus/corpus';
import { TUNED_ON } from './lint-corpus/batches';
import { heldOutFiles, loadHeldOut } from './lint-heldout/heldOut';
import { loadOutside } from './lint-corpus/outside';
import { wilson } from './lint-corpus/wilson';

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  /** Findings at error/warning severity only. */
  tpLoud: number;
  fpLoud: number;
}

const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0, tpLoud: 0, fpLoud: 0 });

function score(items: CorpusItem[]): Map<LintRuleId, Counts> {
  const counts = new Map<LintRuleId, Counts>(LINT_RULE_IDS.map((id) => [id, zero()]));
  for (const item of items) {
    const findings = lintPrompt(item.prompt, item.context);
    const fired = new Set(findings.map((f) => f.rule));
    const loud = new Set(findings.filter((f) => f.severity !== 'info').map((f) => f.rule));
    for (const rule of LINT_RULE_IDS) {
      const c = counts.get(rule)!;
      const expected = item.expect.includes(rule);
      if (fired.has(rule) && expected) c.tp++;
      else if (fired.has(rule)) c.fp++;
      else if (expected) c.fn++;
      if (loud.has(rule) && expected) c.tpLoud++;
      else if (loud.has(rule)) c.fpLoud++;
    }
  }
  return counts;
}

/** "0.83 [0.64-0.93]", or "n/a" with nothing to divide. */
function rate(k: number, n: number): string {
  const ci = wilson(k, n);
  return ci ? `${(k / n).toFixed(2)} [${ci[0].toFixed(2)}-${ci[1].toFixed(2)}]` : 'n/a';
}

const total = (counts: Iterable<Counts>) =>
  [...counts].reduce(
    (s, c) => ({
      tp: s.tp + c.tp,
      fp: s.fp + c.fp,
      fn: s.fn + c.fn,
      tpLoud: s.tpLoud + c.tpLoud,
      fpLoud: s.fpLoud + c.fpLoud,
    }),
    zero(),
  );

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

/**
 * `text` as it is while someone types: one word inserted in the middle. Each round checks another
 * text, so nothing cached for the last text (the linter keeps its last prompt's analysis) is reused.
 */
function edited(text: string, round: number): string {
  const at = text.indexOf(' ', Math.floor(text.length / 2));
  return `${text.slice(0, at)} edit${round}${text.slice(at)}`;
}

/** Median wall time and median CPU time (this process's user + system) of one check, in ms. */
function timeLint(text: string, rounds: number): string {
  for (let i = 0; i < 5; i++) lintPrompt(edited(text, -i));
  const texts = Array.from({ length: rounds }, (_, i) => edited(text, i));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const round of texts) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    lintPrompt(round, { original: round, variables: {} });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return `${median(wall).toFixed(3)} wall, ${median(cpu).toFixed(3)} cpu`;
}

interface Batch {
  name: string;
  /** How far the figure can be trusted: held-out, unseen, validation or tuning. */
  status: string;
  items: CorpusItem[];
}

const TUNING_FILES = ['hand-written.txt', 'hand-written-2.txt', 'clean-seeds.txt', 'planted.txt'];

/**
 * Every held-out file first (bench/lint-heldout: this is the one command that reads it), then the
 * batches tuned on as validation, then the older corpora as the README ranks them.
 */
function batches(): Batch[] {
  const txt = loadCorpus();
  const inFile = (...files: string[]) => txt.filter((i) => files.includes(i.file));
  const out: Batch[] = [];
  const files = [...new Set(txt.map((i) => i.file))].sort();
  const heldOut = loadHeldOut();
  for (const file of heldOutFiles())
    out.push({
      name: file.replace(/\.txt$/, ''),
      status: 'held-out: never read while tuning, scored as it comes',
      items: heldOut.filter((i) => i.file === file),
    });
  for (const file of files.filter((f) => /^heldout-/.test(f) && f in TUNED_ON))
    out.push({ name: file.replace(/\.txt$/, ''), status: TUNED_ON[file], items: inFile(file) });
  const outside = [...loadOutside()].sort(([a], [b]) =>
    a === 'labels-fab.jsonl' ? -1 : b === 'labels-fab.jsonl' ? 1 : a.localeCompare(b),
  );
  for (const [file, items] of outside)
    out.push({ name: `outside ${file.replace(/\.jsonl$/, '')}`, status: TUNED_ON[file] ?? 'outside prompts', items });
  out.push({
    name: 'hand-heldout',
    status: 'validation: hand-written after the earlier rules, not used to tune these',
    items: inFile('hand-heldout.txt'),
  });
  out.push({
    name: 'tuning corpora',
    status: 'tuning: written or generated while writing the rules; flatters them',
    items: inFile(...TUNING_FILES),
  });
  return out;
}

function qualityFigures(batch: Batch): Record<string, string> {
  const counts = score(batch.items);
  const clean = batch.items.filter((i) => !i.expect.length).length;
  const figures: Record<string, string> = {
    [`lint [${batch.name}]`]: `${batch.items.length} prompts (${clean} clean); ${batch.status}`,
  };
  for (const rule of LINT_RULES) {
    const c = counts.get(rule.id)!;
    const loud = rule.severity === 'info' ? '' : `  precision at error/warning ${rate(c.tpLoud, c.tpLoud + c.fpLoud)}`;
    figures[`lint [${batch.name}] ${rule.id} (${rule.severity})`] =
      `precision ${rate(c.tp, c.tp + c.fp)}  recall ${rate(c.tp, c.tp + c.fn)}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})${loud}`;
  }
  const all = total(counts.values());
  figures[`lint [${batch.name}] overall`] =
    `precision ${rate(all.tp, all.tp + all.fp)}  recall ${rate(all.tp, all.tp + all.fn)}  (tp ${all.tp}, fp ${all.fp}, fn ${all.fn})` +
    `  precision at error/warning ${rate(all.tpLoud, all.tpLoud + all.fpLoud)}`;
  return figures;
}

export async function run(): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = {};
  for (const batch of batches()) Object.assign(figures, qualityFigures(batch));
  figures['lint goal'] =
    'on outside and held-out prompts: recall >= 0.85 overall, precision >= 0.9 per rule at error/warning';

  const items = loadCorpus();
  figures['lint 2 KB prompt (ms)'] = timeLint(promptOfSize(items, 2 * 1024), 200);
  figures['lint 20 KB prompt (ms)'] = timeLint(promptOfSize(items, 20 * 1024), 50);
  figures['lint 100 KB prompt (ms)'] = timeLint(promptOfSize(items, 100 * 1024), 15);
  figures['lint speed budget'] = 'under 5 ms for 2 KB, under 50 ms for 100 KB';
  // Wall time on a shared machine: the load says how far to trust it.
  figures['lint timing machine load (1 min average, cores)'] = `${loadavg()[0].toFixed(1)}, ${availableParallelism()}`;
  return figures;
}

// `npx tsx bench/lint.bench.ts` prints this section alone.
if (process.argv[1]?.endsWith('lint.bench.ts')) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k.padEnd(58)} ${v}`);
}
