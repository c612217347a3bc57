/**
 * The MCP tools run by the server itself, as the token's owner in the request's space (an
 * organization's, for its token), for one /mcp request: the same storage, providers, RunTracker and
 * checks as the REST routes. The client's cancellation arrives as
 * `signal` and aborts the model calls in flight, so nothing more is billed.
 */
import type { Request, Response } from 'express';
import { runRecordOf } from '@prompt-perfect/core/api/account';
import { EVALUATION_CONCURRENCY } from '@prompt-perfect/core/api/prove';
import type { TokenScope } from '@prompt-perfect/core/api/tokens';
import type { AuthUser } from '@prompt-perfect/core/auth/types';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { mergeFindings } from '@prompt-perfect/core/lint/model/index';
import type { PromptPerfectBackend } from '@prompt-perfect/core/mcp/backend';
import { optimizationProgress } from '@prompt-perfect/core/mcp/tools';
import { buildOptimizationRequest } from '@prompt-perfect/core/prompt/buildRequests';
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import { withDefaults } from '@prompt-perfect/core/prompt/options';
import { totalTokens } from '@prompt-perfect/core/prove/cost';
import { evaluateCases } from '@prompt-perfect/core/prove/evaluate';
import { runOptimization } from '@prompt-perfect/core/prove/optimizer';
import { SPLIT_MIN_CASES, tooFewCasesMessage } from '@prompt-perfect/core/prove/split';
import { summarizeScores } from '@prompt-perfect/core/prove/statistics';
import { stripLeadingPhrases } from '@prompt-perfect/core/prompt/stripLeadingPhrases';
import { spaceOf } from '../../auth/space';
import type { RunRecorder } from '../account/runRecorder';
import { BadRequest } from '../../http/httpError';
import { lintOnServer } from '../lint/lintOnServer';
import type { ModelCheck } from '../lint/modelCheck';
import { keepInHistory } from '../prove/keepInHistory';
import { callModel, proveModels } from '../prove/proveModels';
import { countRunTest, placeCases } from '../prove/setSplit';
import { checkModels, evaluationEstimate, loadTestSet, messageOf, refuseOverBudget } from '../prove/routeHelpers';
import type { ModelList } from '../models/models';
import type { Providers } from '../../providers/providers';
import type { DailyBudget } from '../runs/dailyBudget';
import { payerOf } from '../runs/payer';
import type { RunTracker } from '../runs/runTracker';
import type { TestSetStore } from '../prove/testSets';
import type { UserDataStore } from '../account/userData';

export interface McpDeps {
  providers: Providers;
  models: ModelList;
  testModel: string;
  runs: RunTracker;
  testSets: TestSetStore;
  userData: UserDataStore;
  recorder: RunRecorder;
  budget: DailyBudget;
  modelCheck: ModelCheck;
}

/** Who calls, within which scopes, on which HTTP request (the RunTracker ties model calls to it). */
export interface McpCaller {
  user: Pick<AuthUser, 'id' | 'name' | 'email'>;
  scopes: TokenScope[];
  req: Request;
  res: Response;
}

export function createServerBackend(deps: McpDeps, caller: McpCaller): Required<PromptPerfectBackend> {
  const { providers, models, testModel, runs, testSets, userData, recorder, budget, modelCheck } = deps;
  const { user, req, res } = caller;
  /** Whose test sets and history: the token's user, or `org:<id>` for an organization's token. */
  const owner = spaceOf(req).ownerId;
  const ctx = { providers, runs, budget, req, res };
  /** Errors the caller can act on keep their message; anything else is logged and said generically. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw new Error(messageOf(err, req));
    }
  };

  return {
    scopes: caller.scopes,
    lint: ({ prompt, original, variables, model }) =>
      guarded(async () => {
        const findings = lintOnServer(prompt, { original, variables });
        if (!model) return { findings };
        const { located, report } = await modelCheck({ req, res }, prompt, model);
        return { findings: mergeFindings(prompt, findings, located.findings), modelCheck: report };
      }),
    improve: ({ prompt, technique, tone, language, provider, model }, signal) =>
      guarded(async () => {
        const options = withDefaults({ technique, tone, language });
        if (!provider || !model)
          return { prompt: optimizeOffline(prompt, options), provider: 'offline' as const, model: 'offline' };
        checkModels(providers, models, testModel, { provider, model });
        const startedAt = Date.now();
        const { systemPrompt, userPrompt } = buildOptimizationRequest(prompt, options);
        const { text: raw } = await callModel(ctx, { provider, model }, systemPrompt, userPrompt, signal);
        const text = stripLeadingPhrases(raw);
        const recorded = await recorder.record(
          owner,
          runRecordOf('perfect', prompt, options),
          text,
          provider,
          model,
          startedAt,
          { person: user.id },
        );
        return { prompt: text, provider, model, historyId: recorded.historyId };
      }),
    evaluate: (args, run) =>
      guarded(async () => {
        checkModels(providers, models, testModel, args, args.judge);
        const set = await loadTestSet(testSets, owner, args.testSetId);
        if (set.cases.length === 0) throw new BadRequest('That test set has no cases yet: add some first.');
        await refuseOverBudget(budget, payerOf(req), evaluationEstimate(args, set));
        const total = set.cases.length;
        const { results, tokens } = await evaluateCases(
          proveModels(ctx, args, args.judge),
          { prompt: args.prompt, rubric: set.rubric, cases: set.cases, concurrency: EVALUATION_CONCURRENCY },
          (result, done) =>
            run.onProgress({ progress: done, total, message: `Case ${result.caseId}: ${result.score}/5` }),
          run.signal,
        );
        return { summary: summarizeScores(results.map((r) => r.score)), results, tokens: totalTokens(tokens) };
      }),
    optimize: (args, run) =>
      guarded(async () => {
        const startedAt = Date.now();
        checkModels(providers, models, testModel, args, args.judge);
        const set = await loadTestSet(testSets, owner, args.testSetId);
        if (set.cases.length < SPLIT_MIN_CASES) throw new BadRequest(tooFewCasesMessage(set.cases.length));
        const payer = payerOf(req);
        await budget.check(payer);
        const input = {
          prompt: args.prompt,
          rubric: set.rubric,
          cases: set.cases,
          // As over REST: the cost limit never goes past what is left of today's budget.
          limits: { ...args.limits, maxCostUsd: Math.min(args.limits.maxCostUsd, await budget.left(payer)) },
          split: set.split,
          answerPrice: priceOf(args.model),
          judgePrice: priceOf(args.judge.model),
          concurrency: EVALUATION_CONCURRENCY,
        };
        await placeCases(testSets, owner, set);
        const result = await runOptimization(
          {
            ...proveModels(ctx, args, args.judge),
            keep: keepInHistory(recorder, req, { space: owner, person: user.id }, args, startedAt),
          },
          input,
          (e) => {
            const step = optimizationProgress(e, args.limits.maxRounds);
            if (step) run.onProgress(step);
          },
          run.signal,
        );
        await countRunTest(testSets, owner, set.id, result);
        return result;
      }),
    listTestSets: () => guarded(() => testSets.list(owner)),
    getTestSet: (id) => guarded(() => loadTestSet(testSets, owner, id)),
    getHistory: ({ limit, query }) =>
      guarded(() => userData.listHistory(owner, { limit: limit ?? 20, text: query?.trim() || undefined })),
  };
}
