/**
 * Evaluations and optimizations for the commands: on the server for a saved test set (by id), or
 * locally with the models of OPENAI_BASE_URL for a test set file. Ctrl-C aborts either.
 */
import {
  EVALUATION_CONCURRENCY,
  type EvaluationResult,
  type ModelChoice,
  type OptimizationLimits,
  type OptimizationResult,
} from '@prompt-perfect/core/api/prove';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import type { RunControl } from '@prompt-perfect/core/mcp/backend';
import { optimizationProgress } from '@prompt-perfect/core/mcp/tools';
import { totalTokens } from '@prompt-perfect/core/prove/cost';
import { evaluateCases } from '@prompt-perfect/core/prove/evaluate';
import { runOptimization } from '@prompt-perfect/core/prove/optimizer';
import { summarizeScores } from '@prompt-perfect/core/prove/statistics';
import { localProveModels } from './backends/localModels';
import { createRestBackend } from './backends/restBackend';
import { UsageError } from './input';
import { createProgress } from './output/progress';
import { connection } from './settings';
import type { TestSetRef } from './testSetFile';

export interface RunModels {
  model: ModelChoice;
  judge: ModelChoice;
}

/** A run's signal (aborted by Ctrl-C) and a progress display; `end` restores both. */
export function interactiveRun(): RunControl & { end(): void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  const progress = createProgress();
  return {
    signal: controller.signal,
    onProgress: (p) => progress.update(p),
    end() {
      progress.done();
      process.off('SIGINT', stop);
    },
  };
}

async function server() {
  const found = await connection();
  if (!found)
    throw new UsageError(
      'A saved test set (by id) runs on a Prompt Perfect server: set PROMPT_PERFECT_TOKEN or run `prompt-perfect login`.',
    );
  return createRestBackend(found);
}

export async function evaluate(
  prompt: string,
  ref: TestSetRef,
  models: RunModels,
  run: RunControl,
): Promise<EvaluationResult> {
  if ('id' in ref) {
    return (await server()).evaluate({ prompt, testSetId: ref.id, ...models.model, judge: models.judge }, run);
  }
  const total = ref.set.cases.length;
  const { results, tokens } = await evaluateCases(
    localProveModels(models.model, models.judge),
    { prompt, rubric: ref.set.rubric, cases: ref.set.cases, concurrency: EVALUATION_CONCURRENCY },
    (result, done) => run.onProgress({ progress: done, total, message: `Case ${result.caseId}: ${result.score}/5` }),
    run.signal,
  );
  return { summary: summarizeScores(results.map((r) => r.score)), results, tokens: totalTokens(tokens) };
}

export async function optimize(
  prompt: string,
  ref: TestSetRef,
  models: RunModels,
  limits: OptimizationLimits,
  run: RunControl,
): Promise<OptimizationResult> {
  if ('id' in ref) {
    return (await server()).optimize({ prompt, testSetId: ref.id, ...models.model, judge: models.judge, limits }, run);
  }
  return runOptimization(
    localProveModels(models.model, models.judge),
    {
      prompt,
      rubric: ref.set.rubric,
      cases: ref.set.cases,
      limits,
      // A set in a file has no stored split: each run there is a first test on its test cases.
      split: {},
      answerPrice: priceOf(models.model.model),
      judgePrice: priceOf(models.judge.model),
      concurrency: EVALUATION_CONCURRENCY,
    },
    (e) => {
      const step = optimizationProgress(e, limits.maxRounds);
      if (step) run.onProgress(step);
    },
    run.signal,
  );
}
