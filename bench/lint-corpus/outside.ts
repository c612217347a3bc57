/**
 * The outside corpus: real prompts in outside/raw.jsonl ({id, source, licence, text}) joined with each
 * labels file outside/labels-<batch>.jsonl ({id, expect, note}) present. Each labels file is its own
 * batch: a prompt counts only where someone labelled it, and an unlabelled prompt is not scored.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LINT_RULE_IDS, type LintRuleId } from '@prompt-perfect/core/lint/index';
import type { CorpusItem } from './corpus';

interface RawPrompt {
  id: string;
  source: string;
  licence: string;
  text: string;
}

interface Label {
  id: string;
  expect: string[];
  note?: string;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as T;
      } catch {
        throw new Error(`${path.basename(file)}:${i + 1} is not a JSON line`);
      }
    });

/** Each labels-<batch>.jsonl as a batch of corpus items, by file name. */
export function loadOutside(dir = path.join(import.meta.dirname, 'outside')): Map<string, CorpusItem[]> {
  const batches = new Map<string, CorpusItem[]>();
  const rawFile = path.join(dir, 'raw.jsonl');
  if (!existsSync(rawFile)) return batches;
  const raw = new Map(readJsonl<RawPrompt>(rawFile).map((p) => [p.id, p]));
  for (const file of readdirSync(dir)
    .filter((f) => /^labels-[\w-]+\.jsonl$/.test(f))
    .sort()) {
    const items: CorpusItem[] = [];
    for (const label of readJsonl<Label>(path.join(dir, file))) {
      const prompt = raw.get(label.id);
      if (!prompt) throw new Error(`${file}: ${label.id} is not in raw.jsonl`);
      for (const rule of label.expect)
        if (!(LINT_RULE_IDS as readonly string[]).includes(rule))
          throw new Error(`${file}: ${label.id} expects an unknown rule '${rule}'`);
      items.push({ id: label.id, file, prompt: prompt.text, context: {}, expect: label.expect as LintRuleId[] });
    }
    batches.set(file, items);
  }
  return batches;
}
