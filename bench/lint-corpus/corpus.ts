/**
 * Reads the labelled prompt-check corpus: every *.txt file in this folder. An item starts with a header
 * `### <id> | expect: <rule>, <rule>` (nothing after "expect:" for a clean prompt), may have a
 * `context: {json}` line as its last line, and its prompt is the text in between. Lines starting with
 * `#` before the first item are comments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LintContext, LintRuleId } from '@prompt-perfect/core/lint/index';
import { LINT_RULE_IDS } from '@prompt-perfect/core/lint/index';

export interface CorpusItem {
  id: string;
  file: string;
  prompt: string;
  context: LintContext;
  expect: LintRuleId[];
}

const HEADER = /^### (\S+) \| expect:(.*)$/;

export function parseCorpus(text: string, file: string): CorpusItem[] {
  const items: CorpusItem[] = [];
  let current: { id: string; expect: LintRuleId[]; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    const lines = current.lines;
    while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
    let context: LintContext = {};
    if (lines.length && lines[lines.length - 1].startsWith('context: '))
      context = JSON.parse(lines.pop()!.slice('context: '.length));
    while (lines.length && lines[0].trim() === '') lines.shift();
    items.push({ id: current.id, file, prompt: lines.join('\n'), context, expect: current.expect });
  };
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      close();
      const expect = header[2]
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean) as LintRuleId[];
      for (const rule of expect)
        if (!LINT_RULE_IDS.includes(rule)) throw new Error(`${file}: ${header[1]} expects an unknown rule '${rule}'`);
      current = { id: header[1], expect, lines: [] };
    } else if (current) current.lines.push(line);
  }
  close();
  return items;
}

export function loadCorpus(dir = import.meta.dirname): CorpusItem[] {
  const items = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) => parseCorpus(readFileSync(path.join(dir, f), 'utf8'), f));
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.has(item.id)) throw new Error(`duplicate corpus id ${item.id}`);
    ids.add(item.id);
  }
  return items;
}
