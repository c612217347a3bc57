/**
 * [prove] power: does the sample-size advice hold? For each number of test cases, the difference the
 * advice calls detectable (80% of the time, first test at 2.5% one-sided) is planted in simulated
 * paired differences (normal, spread 1), and the decision rule (testVerdict) is run on them. Goal:
 * it finds the difference 78-82% of the time. Beside it, the old normal-approximation advice
 * (2.8016 * spread / sqrt(n)) under the same rule. `npx tsx bench/provePower.bench.ts`.
 */
import type { CaseResult } from '@prompt-perfect/core/api/prove';
import { testVerdict } from '@prompt-perfect/core/prove/acceptRule';
import { seededRandom } from '@prompt-perfect/core/prove/random';
import { detectableDifference } from '@prompt-perfect/core/prove/statistics';
import { planTest, testLevel } from '@prompt-perfect/core/prove/testBudget';

const TEST_CASES = [4, 7, 10, 20, 40];
const TRIALS = 4_000;
/** z for a two-sided 5% test plus z for 80% power: the advice before the noncentral t. */
const NORMAL_ADVICE = 2.801585;

/** Standard normal draws (Box-Muller). */
function normals(random: () => number) {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** How often the rule calls the final version better when its true gain is `difference` (spread 1). */
function foundRate(n: number, difference: number, seed: number): number {
  const z = normals(seededRandom(seed));
  const ids = Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, input: '' }));
  const budget = planTest(ids, {});
  const row = (caseId: string, score: number): CaseResult => ({ caseId, answer: '', score, critique: '' });
  let found = 0;
  for (let t = 0; t < TRIALS; t++) {
    const start = ids.map((c) => row(c.id, 0));
    const final = ids.map((c) => row(c.id, difference + z()));
    if (testVerdict(1, start, final, budget).confirmed) found += 1;
  }
  return found / TRIALS;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export async function run(): Promise<Record<string, number | string>> {
  const out: Record<string, string> = {};
  for (const n of TEST_CASES) {
    const detectable = detectableDifference(1, n, testLevel(1));
    const old = NORMAL_ADVICE / Math.sqrt(n);
    out[`${n} test cases: detectable difference (spread 1), found (goal 78-82%)`] =
      `${detectable.toFixed(3)}, ${pct(foundRate(n, detectable, n))}; the old normal advice ${old.toFixed(3)}, ${pct(foundRate(n, old, 100 + n))}`;
  }
  out['power setup'] =
    `${TRIALS} simulated tests per figure, paired differences normal with spread 1, first test (2.5% one-sided)`;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k}: ${v}`);
}
