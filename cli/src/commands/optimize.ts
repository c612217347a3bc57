/** `prompt-perfect optimize <prompt> --test-set <id|file> --max-cost <usd>`: the optimizer with required limits. */
import { formatOptimization } from '@prompt-perfect/core/mcp/format';
import { readText, UsageError } from '../input';
import { interactiveRun, optimize, type RunModels } from '../runs';
import { testSetRef } from '../testSetFile';

export interface OptimizeOptions {
  prompt?: string;
  testSet?: string;
  maxCost?: string;
  maxRounds: string;
  maxTokens: string;
  format: string;
  models: RunModels;
}

function number(value: string | undefined, option: string, check: (n: number) => boolean, rule: string): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n) || !check(n))
    throw new UsageError(`${option} must be ${rule}.`);
  return n;
}

export async function runOptimize(o: OptimizeOptions): Promise<number> {
  if (!['text', 'json'].includes(o.format)) throw new UsageError('--format must be text or json.');
  if (o.maxCost === undefined)
    throw new UsageError('Give --max-cost <US dollars>: an optimization runs only within a spending limit.');
  const limits = {
    maxCostUsd: number(o.maxCost, '--max-cost', (n) => n > 0 && n <= 1000, 'more than 0 and at most 1000 (US dollars)'),
    maxRounds: number(
      o.maxRounds,
      '--max-rounds',
      (n) => Number.isInteger(n) && n >= 1 && n <= 50,
      'a whole number from 1 to 50',
    ),
    maxTokens: number(
      o.maxTokens,
      '--max-tokens',
      (n) => Number.isInteger(n) && n >= 1 && n <= 50_000_000,
      'a whole number from 1 to 50000000',
    ),
  };
  const ref = await testSetRef(o.testSet);
  const prompt = await readText(o.prompt, 'prompt');
  const run = interactiveRun();
  try {
    const result = await optimize(prompt, ref, o.models, limits, run);
    run.end();
    process.stdout.write(
      o.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : `${formatOptimization(result)}\n`,
    );
    return 0;
  } finally {
    run.end();
  }
}
