/**
 * The model check on the server (POST /api/lint with `model`, and MCP's lint_prompt): the chosen
 * model (or the default test model) is asked once per prompt, its worst case reserved in the
 * user's daily budget before and settled to the real cost after (callModel), its answer validated
 * and cached. An answer that is not the schema's JSON is a 502: it was paid for, nothing more is.
 */
import type { Request, Response } from 'express';
import type { ModelChoice } from '@prompt-perfect/core/api/prove';
import type { ModelCheckReport } from '@prompt-perfect/core/api/types';
import { RUN_INPUT_MAX } from '@prompt-perfect/core/api/account';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import {
  type LocatedFindings,
  ModelLintAnswerError,
  modelFindingsOf,
  modelLintRequest,
} from '@prompt-perfect/core/lint/model/index';
import { MODEL_CHECK_OFFLINE } from '@prompt-perfect/core/lint/model/messages';
import { costUsd, NO_TOKENS } from '@prompt-perfect/core/prove/cost';
import { signedInUser } from '../../auth/requireUser';
import { PayloadTooLarge, ServiceUnavailable, UpstreamError } from '../../http/httpError';
import { callModel } from '../prove/proveModels';
import type { ModelList } from '../models/models';
import type { Providers } from '../../providers/providers';
import type { DailyBudget } from '../runs/dailyBudget';
import type { RunTracker } from '../runs/runTracker';
import { checkModelAndKey } from '../runs/generateRoutes';
import { createModelCheckCache, modelCheckKey } from './modelCheckCache';

export interface ModelCheckDeps {
  providers: Providers;
  models: ModelList;
  testModel: string;
  runs: RunTracker;
  budget: DailyBudget;
}

const tooLongForModel = `The model check takes at most ${RUN_INPUT_MAX.toLocaleString('en-US')} characters: shorten the prompt, or check it with the rules alone.`;

interface ModelCheckOutcome {
  located: LocatedFindings;
  report: ModelCheckReport;
}

export type ModelCheck = (
  call: { req: Request; res: Response; signal?: AbortSignal },
  prompt: string,
  wanted: true | ModelChoice,
) => Promise<ModelCheckOutcome>;

export function createModelCheck(deps: ModelCheckDeps): ModelCheck {
  const { providers, models, testModel, runs, budget } = deps;
  const cache = createModelCheckCache();

  /** The model asked: the caller's, else the test model where OpenAI has a key, else a configured provider's first. */
  const choose = (wanted: true | ModelChoice): ModelChoice => {
    if (!providers.openai.configured && !providers.anthropic.configured)
      throw new ServiceUnavailable(MODEL_CHECK_OFFLINE, { code: 'provider_not_configured' });
    if (wanted !== true) {
      checkModelAndKey(providers, models, testModel, wanted.provider, wanted.model);
      return wanted;
    }
    if (providers.openai.configured) return { provider: 'openai', model: testModel };
    return { provider: 'anthropic', model: models.list('anthropic').models[0].id };
  };

  return async ({ req, res, signal }, prompt, wanted) => {
    const choice = choose(wanted);
    if (prompt.length > RUN_INPUT_MAX) throw new PayloadTooLarge(tooLongForModel);
    const key = modelCheckKey(signedInUser(req).id, choice.provider, choice.model, prompt);
    const hit = cache.get(key);
    if (hit)
      return { located: hit, report: { ...choice, cached: true, dropped: hit.dropped, tokens: NO_TOKENS, costUsd: 0 } };
    const { systemPrompt, userPrompt } = modelLintRequest(prompt);
    const { text, tokens } = await callModel(
      { providers, runs, budget, req, res },
      choice,
      systemPrompt,
      userPrompt,
      signal ?? new AbortController().signal,
    );
    let located: LocatedFindings;
    try {
      located = modelFindingsOf(prompt, text);
    } catch (err) {
      if (err instanceof ModelLintAnswerError) throw new UpstreamError(err.message);
      throw err;
    }
    cache.set(key, located);
    const report: ModelCheckReport = {
      ...choice,
      cached: false,
      dropped: located.dropped,
      tokens: { input: tokens.input, output: tokens.output },
      costUsd: costUsd(tokens, priceOf(choice.model)),
    };
    return { located, report };
  };
}
