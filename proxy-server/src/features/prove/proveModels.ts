/**
 * The model calls of [prove] through the providers: each call runs through the RunTracker
 * (so shutdown drains it and a closed client aborts it) and also stops when the run's signal does.
 * Token counts are the provider's when it reports them, else estimated from the text (about four
 * characters a token).
 */
import type { Request, Response } from 'express';
import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import { NO_TOKENS } from '@prompt-perfect/core/prove/cost';
import type { OptimizerDeps } from '@prompt-perfect/core/prove/optimizer';
import { proveModelsOver } from '@prompt-perfect/core/prove/models';
import type { Providers } from '../../providers/providers';
import type { TokenUsage } from '../../providers/types';
import type { DailyBudget } from '../runs/dailyBudget';
import { payerOf } from '../runs/payer';
import type { RunTracker } from '../runs/runTracker';
import { usedTokens, worstCaseTokens } from '../runs/worstCase';

export interface CallContext {
  providers: Providers;
  runs: RunTracker;
  budget: DailyBudget;
  req: Request;
  res: Response;
}

/** One call: the text and its estimated tokens. Its worst case is reserved in the user's daily budget (refused once spent), then settled to its cost. */
export async function callModel(
  ctx: CallContext,
  choice: ModelChoice,
  systemPrompt: string,
  userPrompt: string,
  signal: AbortSignal,
) {
  const reservation = await ctx.budget.reserve(
    payerOf(ctx.req),
    choice.model,
    worstCaseTokens(systemPrompt, userPrompt),
  );
  let reported: TokenUsage | undefined;
  let text = '';
  try {
    text = await ctx.runs.run(ctx.req, ctx.res, choice, (s) =>
      ctx.providers[choice.provider].generate(
        { model: choice.model, systemPrompt, userPrompt },
        AbortSignal.any([s, signal]),
        (usage) => {
          reported = usage;
        },
      ),
    );
  } catch (err) {
    await reservation.settle(NO_TOKENS, ctx.req.log);
    throw err;
  }
  const tokens = usedTokens(systemPrompt, userPrompt, text, reported);
  await reservation.settle(tokens, ctx.req.log);
  return { text, tokens };
}

export function proveModels(ctx: CallContext, answerModel: ModelChoice, judgeModel: ModelChoice): OptimizerDeps {
  return proveModelsOver(
    (choice, systemPrompt, userPrompt, signal) => callModel(ctx, choice, systemPrompt, userPrompt, signal),
    answerModel,
    judgeModel,
  );
}
