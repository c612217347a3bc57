/**
 * Rule code is written for people, not grown from the corpus: no run of words from a labelled corpus
 * prompt appears in the rules' code or comments (tests may quote the corpus; the model check's fixed
 * instruction is not rule code). Short runs are common phrasing ("answer in the language of the"), so
 * only a run long enough to be a quotation counts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../bench/lint-corpus/corpus';
import { loadOutside } from '../../../bench/lint-corpus/outside';

/** Consecutive words that make a quotation: shorter shared runs turned out to be everyday phrasing. */
const QUOTED_WORDS = 7;
const LINT_DIR = join(import.meta.dirname, '../../src/lint');

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
function runsOf(text: string): Set<string> {
  const words = wordsOf(text);
  const runs = new Set<string>();
  for (let i = 0; i + QUOTED_WORDS <= words.length; i++) runs.add(words.slice(i, i + QUOTED_WORDS).join(' '));
  return runs;
}

function quotations(code: string, corpus: Set<string>): string[] {
  return [...runsOf(code)].filter((run) => corpus.has(run));
}

const ruleFiles = () =>
  (readdirSync(LINT_DIR, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.startsWith('model'));

describe('rule code quotes no corpus prompt', () => {
  const corpus = new Set<string>();
  for (const item of [...loadCorpus(), ...[...loadOutside()].flatMap(([, items]) => items)])
    for (const run of runsOf(item.prompt)) corpus.add(run);

  it('reads the corpus and the rule files it checks', () => {
    expect(corpus.size).toBeGreaterThan(10_000);
    expect(ruleFiles()).toContain(join('rules', 'vague-quantifier', 'rule.ts'));
  });

  it('finds a quotation when one is there', () => {
    const [someRun] = corpus;
    expect(quotations(`/** e.g. "${someRun}" */`, corpus)).toEqual([someRun]);
  });

  it.each(ruleFiles())('%s', (file) => {
    expect(quotations(readFileSync(join(LINT_DIR, file), 'utf8'), corpus)).toEqual([]);
  });
});
