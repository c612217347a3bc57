/**
 * The tools through a running server's REST API, as the token's owner: the server checks the token's
 * scopes, runs the models with the account's keys and records runs in its history. Aborting a run's
 * signal closes the request, which stops the run there and bills nothing more.
 */
import type { HistoryPage, RecordedRun } from '@prompt-perfect/core/api/account';
import type {
  EvaluationEvent,
  EvaluationResult,
  OptimizationEvent,
  OptimizationResult,
  TestSet,
  TestSetSummary,
} from '@prompt-perfect/core/api/prove';
import { TOKEN_SCOPES } from '@prompt-perfect/core/api/tokens';
import { createEventParser, STREAM_CONTENT_TYPE } from '@prompt-perfect/core/api/stream';
import type { LintResponse } from '@prompt-perfect/core/api/types';
import { runRecordOf } from '@prompt-perfect/core/api/account';
import type { PromptPerfectBackend, RunControl } from '@prompt-perfect/core/mcp/backend';
import { optimizationProgress } from '@prompt-perfect/core/mcp/tools';
import { buildOptimizationRequest } from '@prompt-perfect/core/prompt/buildRequests';
import { optimizeOffline } from '@prompt-perfect/core/prompt/offlineOptimizer';
import { withDefaults } from '@prompt-perfect/core/prompt/options';
import type { Connection } from '../settings';

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return new Error(body.error ?? `The server answered HTTP ${res.status}.`);
}

export function createRestBackend({ url, token }: Connection): Required<PromptPerfectBackend> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<T> {
    const res = await fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    }).catch((err: unknown) => {
      if (init.signal?.aborted) throw err;
      throw new Error(
        `Cannot reach Prompt Perfect at ${url}: ${(err as Error).cause ?? (err as Error).message}. Is the server running?`,
      );
    });
    if (!res.ok) throw await failure(res);
    return (await res.json()) as T;
  }

  /** POSTs a [prove] run and reads its event stream to the end; `onEvent` sees each event. */
  async function stream<E extends EvaluationEvent | OptimizationEvent>(
    path: string,
    body: unknown,
    run: RunControl,
    onEvent: (e: E) => void,
  ): Promise<void> {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...headers, accept: STREAM_CONTENT_TYPE },
      body: JSON.stringify(body),
      signal: run.signal,
    });
    if (!res.ok || !res.body) throw await failure(res);
    const parser = createEventParser<E>(() => true);
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      for (const event of parser.push(decoder.decode(chunk as Uint8Array, { stream: true }))) {
        if (event.type === 'error') throw new Error(event.error);
        onEvent(event);
      }
    }
  }

  return {
    scopes: TOKEN_SCOPES,
    async lint(args) {
      const { findings, modelCheck } = await call<LintResponse>('/api/lint', { body: args });
      return modelCheck ? { findings, modelCheck } : { findings };
    },
    async improve({ prompt, technique, tone, language, provider, model }, signal) {
      const options = withDefaults({ technique, tone, language });
      if (!provider || !model)
        return { prompt: optimizeOffline(prompt, options), provider: 'offline', model: 'offline' };
      const request = buildOptimizationRequest(prompt, options);
      const body = { provider, model, ...request, run: runRecordOf('perfect', prompt, options) };
      const out = await call<{ text: string; run?: RecordedRun }>('/api/generate', { body, signal });
      return { prompt: out.text, provider, model, historyId: out.run?.historyId };
    },
    async evaluate(args, run) {
      let result: EvaluationResult | undefined;
      await stream<EvaluationEvent>('/api/evaluations', args, run, (e) => {
        if (e.type === 'case')
          run.onProgress({ progress: e.done, total: e.total, message: `Case ${e.result.caseId}: ${e.result.score}/5` });
        if (e.type === 'done') result = e.evaluation;
      });
      if (!result) throw new Error('The evaluation ended without a result.');
      return result;
    },
    async optimize(args, run) {
      let result: OptimizationResult | undefined;
      await stream<OptimizationEvent>('/api/optimizations', args, run, (e) => {
        const step = optimizationProgress(e, args.limits.maxRounds);
        if (step) run.onProgress(step);
        if (e.type === 'done') result = e.result;
      });
      if (!result) throw new Error('The optimization ended without a result.');
      return result;
    },
    async listTestSets() {
      return (await call<{ items: TestSetSummary[] }>('/api/test-sets')).items;
    },
    getTestSet: (id) => call<TestSet>(`/api/test-sets/${id}`),
    getHistory({ limit, query }) {
      const q = new URLSearchParams();
      if (limit) q.set('limit', String(limit));
      if (query) q.set('q', query);
      return call<HistoryPage>(`/api/me/history?${q}`);
    },
  };
}
