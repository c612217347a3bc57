/**
 * The History panel's word diff on 20 KB texts: a realistic pair (one word in ten changed) and
 * the worst case (two unrelated texts, where the word diff gives up after its time limit and
 * compares lines). The diff runs in steps between frames, so the page keeps responding meanwhile.
 */
import { wordDiff } from '../mfe-workspace/src/features/history/wordDiff';
import { wordSoup as text } from '@prompt-perfect/test-support/text/wordSoup';
import { ms } from './benchGateway';

async function median(runs: number, job: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await job();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export async function run(): Promise<Record<string, number | string>> {
  const a = text(1);
  // One word in ten replaced by a word from another text.
  const replacements = text(7).split(' ');
  const edited = a
    .split(' ')
    .map((word, i) => (i % 10 === 3 ? (replacements[i] ?? word) : word))
    .join(' ');
  const unrelated = text(2);
  return {
    'similar 20 KB pair, median of 5 (ms)': ms(await median(5, () => wordDiff(a, edited))),
    'unrelated 20 KB pair, median of 3 (ms)': ms(await median(3, () => wordDiff(a, unrelated))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
