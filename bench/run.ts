/**
 * `npm run bench`: every performance figure of the product in one run, so ratios hold on a noisy
 * machine. Prints a table and writes bench/results/<timestamp>.json. Nothing here is a pass/fail
 * timing test; budgets are printed beside the figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Figures = Record<string, number | string>;
const sections: Array<[string, () => Promise<Figures>]> = [
  ['Build', async () => (await import('./build.bench')).run()],
  ['Bundles, page speed, remote failures', async () => (await import('./frontend.bench')).run()],
  ['First load on a phone network', async () => (await import('./mobileLoad.bench')).run()],
  [
    'First paint: the visitor page beside a floor page (phone profile), Lighthouse SEO and accessibility',
    async () => (await import('./firstPaint.bench')).run(),
  ],
  ['Gateway overhead', async () => (await import('./gateway.bench')).run()],
  ['Streaming: time to first text', async () => (await import('./stream.bench')).run()],
  [
    'The everyday loop: first text on the page, prompt box focused, Tab stops',
    async () => (await import('./workbench.bench')).run(),
  ],
  ['Recording a run in the account', async () => (await import('./recordRun.bench')).run()],
  ['Several instances: SQLite and PostgreSQL, 50 clients', async () => (await import('./scale.bench')).run()],
  ['Prompt registry: fetching a prompt by label', async () => (await import('./registry.bench')).run()],
  ['Version diff (History panel)', async () => (await import('./diff.bench')).run()],
  ['Offline optimizer', async () => (await import('./offlineOptimizer.bench')).run()],
  ['Proving a prompt: the optimizer on the simulated task', async () => (await import('./prove.bench')).run()],
  ['Proving a prompt: reruns under a null judge', async () => (await import('./proveReruns.bench')).run()],
  ['Proving a prompt: power of the sample-size advice', async () => (await import('./provePower.bench')).run()],
  ['Prompt check (lint): quality per rule and speed', async () => (await import('./lint.bench')).run()],
  ['Prompt check: typing into a 20 KB prompt', async () => (await import('./lintInput.bench')).run()],
  ['MCP: lint_prompt round trip over stdio and Streamable HTTP', async () => (await import('./mcp.bench')).run()],
];

const results: Record<string, Figures> = {};
const started = performance.now();
for (const [name, runSection] of sections) {
  process.stdout.write(`Running: ${name}...\n`);
  const t0 = performance.now();
  results[name] = await runSection();
  process.stdout.write(`  done in ${Math.round(performance.now() - t0)} ms\n`);
}

const width = Math.max(...Object.values(results).flatMap((figures) => Object.keys(figures).map((k) => k.length)));
console.log('');
for (const [section, figures] of Object.entries(results)) {
  console.log(`== ${section}`);
  for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(width)}  ${value}`);
}
const totalSeconds = Math.round((performance.now() - started) / 100) / 10;
console.log(`\nBench finished in ${totalSeconds} s`);

const dir = path.resolve(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), totalSeconds, results }, null, 2));
console.log(`Written to ${path.relative(process.cwd(), file)}`);
