/**
 * [prove] reruns: a null judge (scores at random, so no edit can help), 100 sequences of 6
 * optimizations on one test set, each starting from the prompt the last run said to use and on the
 * split the last run left (as the server keeps it with the set). Goal: at most 5% of sequences claim
 * a better prompt even once. Also: whether the test cases stayed the same from run to run, and the
 * levels the tests had to clear. `npx tsx bench/proveReruns.bench.ts` runs this section alone.
 */
import type { CaseSplitRecord } from '@prompt-perfect/core/api/prove';
import { EVALUATION_CONCURRENCY } from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { runOptimization } from '@prompt-perfect/core/prove/optimizer';
import { percent } from '@prompt-perfect/core/prove/testBudget';
import { createNullModel } from '@prompt-perfect/test-support/prove/nullModel';
import {
  SIMULATED_ROUGH_PROMPT,
  SIMULATED_RUBRIC,
  simulatedCases,
} from '@prompt-perfect/test-support/prove/simulatedTask';

const SEQUENCES = 100;
const RERUNS = 6;
const CASES = 16;
const LIMITS = { maxRounds: 10, maxTokens: 5_000_000, maxCostUsd: 100 };

export async function run(): Promise<Record<string, number | string>> {
  let claimed = 0;
  let splitChanges = 0;
  let claims = 0;
  const levels = new Map<number, number>();
  const cases = simulatedCases(CASES);
  for (let s = 1; s <= SEQUENCES; s++) {
    let prompt = SIMULATED_ROUGH_PROMPT;
    let split: CaseSplitRecord = {};
    let claim = false;
    let lastTest = '';
    for (let r = 0; r < RERUNS; r++) {
      const result = await runOptimization(
        createNullModel(s * 1000 + r),
        {
          prompt,
          rubric: SIMULATED_RUBRIC,
          cases,
          limits: LIMITS,
          split,
          answerPrice: priceOf('gpt-4o-mini'),
          judgePrice: priceOf('gpt-4o'),
          concurrency: EVALUATION_CONCURRENCY,
        },
        () => {},
        new AbortController().signal,
      );
      const testIds = Object.keys(result.split)
        .filter((id) => result.split[id].side === 'test')
        .sort()
        .join(',');
      if (r > 0 && testIds !== lastTest) splitChanges += 1;
      lastTest = testIds;
      if (result.test?.counted) levels.set(result.test.budget.level, (levels.get(result.test.budget.level) ?? 0) + 1);
      if (result.test?.confirmed) {
        claim = true;
        claims += 1;
      }
      prompt = result.bestPrompt;
      split = result.split;
    }
    if (claim) claimed += 1;
  }
  const levelText = [...levels.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([level, n]) => `${percent(level)}: ${n}`)
    .join(', ');
  return {
    'null judge, 6 reruns: sequences claiming a better prompt at least once (goal <= 5%)': `${claimed} of ${SEQUENCES} (${((100 * claimed) / SEQUENCES).toFixed(1)}%)`,
    'null judge, single runs claiming a better prompt': `${claims} of ${SEQUENCES * RERUNS}`,
    'test split changed between reruns': `${splitChanges} of ${SEQUENCES * (RERUNS - 1)}`,
    'tests made, by one-sided level': levelText,
    'null judge reruns setup': `${SEQUENCES} sequences of ${RERUNS} runs, ${CASES} cases, max ${LIMITS.maxRounds} rounds, each run from the last run's bestPrompt and split`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k}: ${v}`);
}
