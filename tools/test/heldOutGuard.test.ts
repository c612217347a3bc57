/**
 * Held-out data stays held out: the labelled prompts nobody tuned the lint rules on live in
 * bench/lint-heldout, and only the command that scores them (bench/lint.bench.ts, through
 * bench/lint-heldout/heldOut.ts) may read that folder. A test, tool or other bench that imports it,
 * names it or names one of its batches fails here; so does a held-out batch left in bench/lint-corpus,
 * the folder tests read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TUNED_ON } from '../../bench/lint-corpus/batches';

const root = path.resolve(import.meta.dirname, '../..');
const HELD_OUT_DIR = 'bench/lint-heldout';
/**
 * The scoring commands, the folder's own loader, and this guard. bench/lintModel.ts scores the model
 * check as lint.bench.ts scores the rules: it prints counts per rule, never a prompt (the prompts go
 * only to the model it measures).
 */
const ALLOWED = new Set([
  'bench/lint.bench.ts',
  'bench/lintModel.ts',
  `${HELD_OUT_DIR}/heldOut.ts`,
  'tools/test/heldOutGuard.test.ts',
]);
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-results', 'playwright-report', 'results']);
const CODE = /\.(?:[cm]?[jt]sx?|json|sh|ya?ml)$/;

/** Every code, data and config file of the repository (no docs: they may describe the folder). */
function codeFiles(dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : codeFiles(rel);
    return CODE.test(entry.name) ? [rel] : [];
  });
}

/** A file's text, or '' when it vanished after the walk listed it (another test's temporary probe file). */
function sourceOf(file: string): string {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}

const heldOutBatches = () =>
  readdirSync(path.join(root, HELD_OUT_DIR))
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.replace(/\.txt$/, ''));

/** Whether `source` reaches the held-out folder: by its name, by its loader, or by a batch's name. */
function reachesHeldOut(source: string, batches: readonly string[]): boolean {
  if (source.includes('lint-heldout') || /['"/]heldOut['"]/.test(source)) return true;
  return batches.some((batch) => new RegExp(`\\b${batch}\\b`).test(source));
}

describe('held-out lint batches', () => {
  it('the guard catches an import, a path and a batch name, and lets the rest through', () => {
    const batches = ['heldout-5'];
    expect(reachesHeldOut("import { loadHeldOut } from '../../bench/lint-heldout/heldOut';", batches)).toBe(true);
    expect(reachesHeldOut("readFileSync(path.join(CORPUS, 'heldout-5.txt'))", batches)).toBe(true);
    expect(reachesHeldOut("const dir = ['bench', 'lint' + '-heldout'].join('/'); import('./heldOut')", batches)).toBe(
      true,
    );
    expect(reachesHeldOut("readFileSync(path.join(CORPUS, 'heldout-4.txt'))", batches)).toBe(false);
  });

  it('no file but the scoring bench reads bench/lint-heldout or names a batch in it', () => {
    const batches = heldOutBatches();
    expect(batches.length).toBeGreaterThan(0);
    const offenders = codeFiles().filter((file) => !ALLOWED.has(file) && reachesHeldOut(sourceOf(file), batches));
    expect(offenders).toEqual([]);
  });

  it('bench/lint-corpus, the folder tests read, holds no held-out batch: each heldout-*.txt there was tuned on', () => {
    const files = readdirSync(path.join(root, 'bench/lint-corpus')).filter((f) => /^heldout-.*\.txt$/.test(f));
    expect(files.filter((f) => !(f in TUNED_ON))).toEqual([]);
  });
});
