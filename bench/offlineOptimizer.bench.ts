/**
 * The offline optimizer's speed: median time per prompt over the test corpus, and the time for
 * one 100 KB input. Budgets: under 1 ms and under 50 ms.
 */
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import { ROUGH_PROMPTS } from '../core/test/fixtures/roughPrompts';

const BATCH = 200;
const ROUNDS = 25;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const round = (ms: number, digits = 4) => Number(ms.toFixed(digits));

/** About 100 KB of the corpus's own text, one prompt per paragraph. */
function hundredKilobyteInput(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < 100 * 1024; i++) {
    const p = ROUGH_PROMPTS[i % ROUGH_PROMPTS.length].prompt;
    parts.push(p);
    length += p.length + 2;
  }
  return parts.join('\n\n').slice(0, 100 * 1024);
}

export async function run(): Promise<Record<string, number | string>> {
  let sink = 0;
  // Warm-up so the JIT has compiled the optimizer before timing.
  for (let i = 0; i < 20; i++) for (const r of ROUGH_PROMPTS) sink += optimizeOffline(r.prompt, r.options).length;

  const perPrompt: number[] = [];
  for (const r of ROUGH_PROMPTS) {
    const t0 = performance.now();
    for (let i = 0; i < BATCH; i++) sink += optimizeOffline(r.prompt, r.options).length;
    perPrompt.push((performance.now() - t0) / BATCH);
  }

  const big = hundredKilobyteInput();
  for (let i = 0; i < 3; i++) sink += optimizeOffline(big).length;
  const bigTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    sink += optimizeOffline(big).length;
    bigTimes.push(performance.now() - t0);
  }
  if (sink === 0) throw new Error('optimizer produced nothing');

  return {
    'offline optimizer median per prompt (ms)': round(median(perPrompt)),
    'offline optimizer slowest corpus prompt (ms)': round(Math.max(...perPrompt)),
    'offline optimizer 100 KB input (ms)': round(median(bigTimes), 3),
    'offline optimizer corpus size (prompts)': ROUGH_PROMPTS.length,
    'offline optimizer budget': 'under 1 ms per prompt, under 50 ms for 100 KB',
  };
}
