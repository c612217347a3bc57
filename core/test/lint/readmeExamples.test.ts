/**
 * Every rule folder's README shows what its rule finds and what it leaves alone; this test keeps those
 * examples true. The form it reads, in core/src/lint/rules/<rule-id>/README.md:
 *
 *     ### Finds
 *     ```prompt
 *     <a prompt the rule must flag>
 *     ```
 *     ### Does not find
 *     ```prompt
 *     <a prompt the rule must leave alone>
 *     ```
 *
 * A section may hold several prompts. A ```context block (JSON, a LintContext) just before a prompt
 * applies to that prompt only, for rules that read more than the text (the original prompt, values).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINT_RULE_IDS, type LintContext, type LintRuleId, lintPrompt } from '../../src/lint/index';

const RULES_DIR = join(import.meta.dirname, '../../src/lint/rules');

interface Example {
  expectFinding: boolean;
  prompt: string;
  context: LintContext;
}

const SECTION = /^###\s+(finds|does not find)\s*$/i;
const FENCE = /^```(\w*)\s*$/;

function examplesOf(readme: string): Example[] {
  const examples: Example[] = [];
  let section: 'finds' | 'does not find' | undefined;
  let fence: { kind: string; lines: string[] } | undefined;
  let context: LintContext = {};
  for (const line of readme.split('\n')) {
    if (fence) {
      if (line.trimEnd() !== '```') {
        fence.lines.push(line);
        continue;
      }
      const body = fence.lines.join('\n');
      if (fence.kind === 'context') context = JSON.parse(body) as LintContext;
      if (fence.kind === 'prompt' && section) {
        examples.push({ expectFinding: section === 'finds', prompt: body, context });
        context = {};
      }
      fence = undefined;
      continue;
    }
    const heading = SECTION.exec(line);
    if (heading) section = heading[1].toLowerCase() as typeof section;
    else if (line.startsWith('#')) section = undefined;
    const open = FENCE.exec(line);
    if (open) fence = { kind: open[1], lines: [] };
  }
  return examples;
}

const folders = readdirSync(RULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('rule READMEs', () => {
  it('every rule folder is named after a rule id', () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) expect(LINT_RULE_IDS).toContain(folder);
  });

  for (const folder of folders) {
    const rule = folder as LintRuleId;
    const readme = join(RULES_DIR, folder, 'README.md');
    const examples = existsSync(readme) ? examplesOf(readFileSync(readme, 'utf8')) : [];

    it(`${rule}: has a README showing at least one prompt it finds and one it does not`, () => {
      expect(existsSync(readme), readme).toBe(true);
      expect(examples.some((e) => e.expectFinding)).toBe(true);
      expect(examples.some((e) => !e.expectFinding)).toBe(true);
    });

    for (const [index, example] of examples.entries()) {
      const verb = example.expectFinding ? 'finds' : 'does not find';
      it(`${rule}: README example ${index + 1} (${verb})`, () => {
        const fired = lintPrompt(example.prompt, example.context).some((f) => f.rule === rule);
        expect(fired, example.prompt).toBe(example.expectFinding);
      });
    }
  }
});
