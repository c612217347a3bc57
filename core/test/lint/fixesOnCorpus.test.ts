/**
 * Every fix the check offers on the whole prompt corpus (the labelled .txt files and the 220 outside
 * prompts) must leave readable English: no word said twice in a row, no two words glued together, no
 * doubled space, where the text had none before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFix, lintPrompt } from '../../src/lint/index';
import { parseCorpus } from '../../../bench/lint-corpus/corpus';

const CORPUS = path.join(import.meta.dirname, '../../../bench/lint-corpus');
// Held-out batches live in a folder of their own that only the scoring bench reads: not here.
const prompts = [
  ...readdirSync(CORPUS)
    .filter((f) => f.endsWith('.txt'))
    .flatMap((f) =>
      parseCorpus(readFileSync(path.join(CORPUS, f), 'utf8'), f).map((i) => ({
        id: i.id,
        text: i.prompt,
        context: i.context,
      })),
    ),
  ...readFileSync(path.join(CORPUS, 'outside/raw.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; text: string })
    .map((p) => ({ id: p.id, text: p.text, context: {} })),
];

const count = (re: RegExp, s: string) => s.match(re)?.length ?? 0;
const DOUBLED_WORD = /\b(\p{L}+)\s+\1\b/giu;
const DOUBLED_SPACE = /[^\S\n]{2,}/g;
const WORDISH = /[\p{L}\p{N}}>)\]"”]/u;
const WORDISH_START = /[\p{L}\p{N}{<("“]/u;

function problems(text: string, fix: { start: number; end: number; text: string }): string[] {
  const fixed = applyFix(text, fix);
  const out: string[] = [];
  if (count(DOUBLED_WORD, fixed) > count(DOUBLED_WORD, text)) out.push('a doubled word');
  if (count(DOUBLED_SPACE, fixed) > count(DOUBLED_SPACE, text)) out.push('a doubled space');
  // Glued words: the edit's edges meet letters on both sides without a space between.
  const before = text[fix.start - 1] ?? ' ';
  const after = text[fix.end] ?? ' ';
  const first = fix.text[0] ?? after;
  const last = fix.text[fix.text.length - 1] ?? before;
  const gluedBefore = WORDISH.test(before) && WORDISH_START.test(first) && !WORDISH.test(text[fix.start] ?? ' ');
  const gluedAfter = WORDISH.test(last) && WORDISH_START.test(after) && !WORDISH_START.test(text[fix.end - 1] ?? ' ');
  if (fix.text !== '' && (gluedBefore || gluedAfter)) out.push('two words glued together');
  if (fix.text === '' && WORDISH.test(before) && WORDISH_START.test(after)) out.push('two words glued together');
  return out;
}

describe('fixes on the corpus', () => {
  const fixes = prompts.flatMap((p) =>
    lintPrompt(p.text, p.context)
      .filter((f) => f.fix)
      .map((f) => ({ id: p.id, rule: f.rule, text: p.text, fix: f.fix as NonNullable<typeof f.fix> })),
  );

  it('are many and of every kind of rule that has fixes', () => {
    expect(fixes.length).toBeGreaterThan(300);
    expect(new Set(fixes.map((f) => f.rule)).size).toBeGreaterThanOrEqual(7);
  });

  it('read as correct English: no doubled words, no glued words, no doubled spaces', () => {
    const bad = fixes
      .map((f) => ({
        where: `${f.id} ${f.rule}: ${JSON.stringify(applyFix(f.text, f.fix).slice(Math.max(0, f.fix.start - 30), f.fix.start + f.fix.text.length + 30))}`,
        problems: problems(f.text, f.fix),
      }))
      .filter((f) => f.problems.length);
    expect(bad).toEqual([]);
  });
});
