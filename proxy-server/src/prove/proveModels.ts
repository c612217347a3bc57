/**
 * The model calls of [prove] through the provider registry: each call runs through the RunTracker
 * (so shutdown drains it and a closed client aborts it) and also stops when the run's signal does.
 * Token counts are the provider's when it reports them, else estimated from the text (about four
 * characters a token).
 */
import type { Request, Response } from 'express';
import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { approxTokens } from '@prompt-perfect/core/prove/cost';
import type { OptimizerDeps } from '@prompt-perfect/core/prove/optimizer';
import { proveModelsOver } from '@prompt-perfect/core/prove/models';
import type { Providers } from '../providers/registry';
import type { TokenUsage } from '../providers/types';
import { signedInUser } from '../auth/requireUser';
import type { DailyBudget } from '../runs/dailyBudget';
import type { RunTracker } from '../runs/runTracker';

export interface CallContext {
  providers: Providers;
  runs: RunTracker;
  budget: DailyBudget;
  req: Request;
  res: Response;
}

/** One call: the text and its estimated tokens. Refused once the user's daily budget is spent; its cost counts toward it. */
export async function callModel(
  ctx: CallContext,
  choice: ModelChoice,
  systemPrompt: string,
  userPrompt: string,
  signal: AbortSignal,
) {
  const userId = signedInUser(ctx.req).id;
  await ctx.budget.check(userId);
  let reported: TokenUsage | undefined;
  const text = await ctx.runs.run(ctx.req, ctx.res, choice, (s) =>
    ctx.providers[choice.provider].generate(
      { model: choice.model, systemPrompt, userPrompt },
      AbortSignal.any([s, signal]),
      (usage) => {
        reported = usage;
      },
    ),
  );
  const tokens = reported ?? {
    input: approxTokens(systemPrompt) + approxTokens(userPrompt),
    output: approxTokens(text),
  };
  await ctx.budget.charge(userId, choice.model, tokens, ctx.req.log);
  return { text, tokens };
}

export function proveModels(ctx: CallContext, answerModel: ModelChoice, judgeModel: ModelChoice): OptimizerDeps {
  return proveModelsOver(
    (choice, systemPrompt, userPrompt, signal) => callModel(ctx, choice, systemPrompt, userPrompt, signal),
    answerModel,
    judgeModel,
  );
}
