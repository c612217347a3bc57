/**
 * A real node:http server on 127.0.0.1 that speaks the [prove] contract (core/api/prove) from
 * memory, with a deterministic stand-in for the models: for the workspace's unit tests and for
 * looking at the UI without the proxy. Optimizations and estimates run core's own loop (the one
 * the server runs), so their events cannot drift from the real ones. Streams send one event per `gapMs`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type {
  CaseResult,
  EvaluationRequest,
  OptimizationEvent,
  OptimizationRequest,
  TestSet,
  TestSetInput,
} from '@prompt-perfect/core/api/prove';
import type { ApiTokenInfo } from '@prompt-perfect/core/api/tokens';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import {
  estimateFor,
  runOptimization,
  type OptimizationInput,
  type OptimizerDeps,
} from '@prompt-perfect/core/prove/optimizer';
import { summarizeScores } from '@prompt-perfect/core/prove/statistics';

const SAMPLE_INPUTS = [
  'A short, plain case',
  'A long input with many details',
  'An input in another language',
  'An ambiguous request',
  'An input with a typo or two',
  'A hostile or off-topic input',
];

export interface FakeProveApi {
  origin: string;
  /** Requests so far, newest last (path without query). */
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** Streams the client closed before their end (Stop). */
  closedEarly(): number;
  /** The next request to `method path` is answered with this status and `{ error }`. */
  failNext(method: string, path: string, status: number, error: string): void;
  /** Milliseconds between streamed events. */
  setGapMs(ms: number): void;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: any, match: RegExpMatchArray) => void;

const json = (res: ServerResponse, status: number, payload?: unknown) => {
  if (payload === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};

const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

const SPECIFIC_EDIT = 'Be specific: answer in short steps and name the expected points.';
const TOKENS = { input: 120, output: 30 };

/** Each "Be specific" edit in the prompt lifts every case's score by one: enough to show an optimization improving. */
function judge(edits: number, index: number): { score: number; critique: string } {
  const score = Math.max(1, Math.min(5, 2 + edits + (index % 3 === 0 ? -1 : 0) + (index % 4 === 1 ? 1 : 0)));
  const critique =
    score >= 4
      ? 'Answers the question and covers the expected points.'
      : score === 3
        ? 'Correct but misses one expected point.'
        : 'Too vague; misses the expected points.';
  return { score, critique };
}

const editsIn = (prompt: string) => prompt.split('Be specific:').length - 1;

/** The stand-in models for one set: answers say how specific the prompt asked them to be; proposals alternate a real edit and a neutral one. */
function standInModels(set: TestSet): OptimizerDeps {
  let proposals = 0;
  return {
    async answer(prompt, input) {
      const edits = editsIn(prompt);
      return {
        text: `An answer to: ${input}${edits ? ` (${edits} expected point${edits > 1 ? 's' : ''} named)` : ''}`,
        tokens: TOKENS,
      };
    },
    async judge(_rubric, input, answer) {
      const index = set.cases.findIndex((c) => c.input === input);
      const edits = Number(/\((\d+) expected point/.exec(answer)?.[1] ?? 0);
      return { ...judge(edits, index), tokens: TOKENS };
    },
    async propose(prompt) {
      proposals += 1;
      return { text: proposals % 2 ? `${prompt}\n${SPECIFIC_EDIT}` : `${prompt}\nPlease be clear.`, tokens: TOKENS };
    },
    async keep(_prompt, round) {
      return 100 + round;
    },
  };
}

export async function startFakeProveApi({ gapMs = 5, port = 0 } = {}): Promise<FakeProveApi> {
  const sets = new Map<number, TestSet>();
  const tokens = new Map<number, ApiTokenInfo>();
  const failures: Array<{ method: string; path: string; status: number; error: string }> = [];
  const requests: FakeProveApi['requests'] = [];
  const sockets = new Set<Socket>();
  let nextId = 1;
  let gap = gapMs;
  let closedEarly = 0;

  /** Writes events one per gap; stops (and counts) when the client hangs up first. */
  function stream(res: ServerResponse, events: string[]) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (i < events.length) res.write(events[i++]);
      else {
        clearInterval(timer);
        res.end();
      }
    }, gap);
    res.on('close', () => {
      clearInterval(timer);
      if (!res.writableFinished) closedEarly += 1;
    });
  }

  const setOf = (id: unknown) => sets.get(Number(id));
  const now = () => new Date().toISOString();
  const wantsStream = (req: IncomingMessage) => (req.headers.accept ?? '').includes('text/event-stream');

  function saveSet(res: ServerResponse, input: TestSetInput, existing?: TestSet) {
    if (!input?.name?.trim()) return json(res, 400, { error: 'Give the test set a name.' });
    if (!Array.isArray(input.cases) || input.cases.length === 0)
      return json(res, 400, { error: 'Add at least one test case.' });
    const set: TestSet = {
      ...input,
      split: existing?.split ?? {},
      id: existing?.id ?? nextId++,
      createdAt: existing?.createdAt ?? now(),
      updatedAt: now(),
    };
    sets.set(set.id, set);
    json(res, existing ? 200 : 201, set);
  }

  function evaluate(prompt: string, set: TestSet) {
    const results: CaseResult[] = set.cases.map((c, i) => ({
      caseId: c.id,
      answer: `An answer to: ${c.input}`,
      ...judge(editsIn(prompt), i),
    }));
    return {
      results,
      evaluation: { summary: summarizeScores(results.map((r) => r.score)), results, tokens: 150 * results.length },
    };
  }

  const optimizationInput = (body: OptimizationRequest, set: TestSet): OptimizationInput => ({
    prompt: body.prompt,
    rubric: set.rubric,
    cases: set.cases,
    limits: body.limits,
    split: set.split,
    answerPrice: priceOf(body.model),
    judgePrice: priceOf(body.judge.model),
    concurrency: 1,
  });

  const routes: Array<[string, RegExp, Handler]> = [
    [
      'POST',
      /^\/api\/test-sets\/draft$/,
      (_q, res, body) => {
        const count = body?.count ?? 10;
        const topic = String(body?.task ?? '').slice(0, 40);
        const cases = Array.from({ length: count }, (_, i) => ({
          id: `c${i + 1}`,
          input: `${SAMPLE_INPUTS[i % SAMPLE_INPUTS.length]}: ${topic}`,
          expected: i % 2 ? 'States the key fact\nStays under 80 words' : undefined,
        }));
        json(res, 200, { rubric: 'Correct, complete and concise.', cases });
      },
    ],
    [
      'GET',
      /^\/api\/test-sets$/,
      (_q, res) =>
        json(res, 200, {
          items: [...sets.values()].map((s) => ({
            id: s.id,
            name: s.name,
            caseCount: s.cases.length,
            updatedAt: s.updatedAt,
          })),
        }),
    ],
    ['POST', /^\/api\/test-sets$/, (_q, res, body) => saveSet(res, body)],
    [
      'GET',
      /^\/api\/test-sets\/(\d+)$/,
      (_q, res, _b, m) =>
        setOf(m[1]) ? json(res, 200, setOf(m[1])) : json(res, 404, { error: 'Test set not found.' }),
    ],
    [
      'PUT',
      /^\/api\/test-sets\/(\d+)$/,
      (_q, res, body, m) =>
        setOf(m[1]) ? saveSet(res, body, setOf(m[1])) : json(res, 404, { error: 'Test set not found.' }),
    ],
    [
      'DELETE',
      /^\/api\/test-sets\/(\d+)$/,
      (_q, res, _b, m) =>
        sets.delete(Number(m[1])) ? json(res, 204) : json(res, 404, { error: 'Test set not found.' }),
    ],
    [
      'POST',
      /^\/api\/evaluations$/,
      (req, res, body: EvaluationRequest) => {
        const set = setOf(body?.testSetId);
        if (!set) return json(res, 404, { error: 'Test set not found.' });
        const { results, evaluation } = evaluate(body.prompt, set);
        if (!wantsStream(req)) return json(res, 200, evaluation);
        const total = results.length;
        stream(res, [
          ...results.map((result, i) => event('case', { done: i + 1, total, result })),
          event('done', { evaluation }),
        ]);
      },
    ],
    [
      'POST',
      /^\/api\/optimizations\/estimate$/,
      (_q, res, body: OptimizationRequest) => {
        const set = setOf(body?.testSetId);
        if (!set) return json(res, 404, { error: 'Test set not found.' });
        const input = optimizationInput(body, set);
        return json(res, 200, estimateFor({ ...input, maxRounds: input.limits.maxRounds }));
      },
    ],
    [
      'POST',
      /^\/api\/optimizations$/,
      async (_q, res, body: OptimizationRequest) => {
        const set = setOf(body?.testSetId);
        if (!set) return json(res, 404, { error: 'Test set not found.' });
        const events: string[] = [];
        const record = ({ type, ...data }: OptimizationEvent) => events.push(event(type, data));
        try {
          const result = await runOptimization(
            standInModels(set),
            optimizationInput(body, set),
            record,
            new AbortController().signal,
          );
          set.split = { ...set.split, ...result.split };
        } catch (err) {
          return json(res, 400, { error: (err as Error).message });
        }
        stream(res, events);
      },
    ],
    ['GET', /^\/api\/tokens$/, (_q, res) => json(res, 200, { items: [...tokens.values()] })],
    [
      'POST',
      /^\/api\/tokens$/,
      (_q, res, body) => {
        if (!body?.name?.trim()) return json(res, 400, { error: 'Give the token a name.' });
        const info: ApiTokenInfo = {
          id: nextId++,
          name: body.name.trim(),
          scopes: body.scopes ?? ['read', 'run'],
          createdAt: now(),
          lastUsedAt: null,
        };
        tokens.set(info.id, info);
        json(res, 201, { token: `pp_${'x'.repeat(8)}${info.id}`, info });
      },
    ],
    [
      'DELETE',
      /^\/api\/tokens\/(\d+)$/,
      (_q, res, _b, m) =>
        tokens.delete(Number(m[1])) ? json(res, 204) : json(res, 404, { error: 'Token not found.' }),
    ],
  ];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const method = req.method ?? 'GET';
      let body: unknown;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        return json(res, 400, { error: 'The request body is not valid JSON.' });
      }
      requests.push({ method, path, body });
      const failure = failures.findIndex((f) => f.method === method && f.path === path);
      if (failure !== -1) {
        const [f] = failures.splice(failure, 1);
        return json(res, f.status, { error: f.error });
      }
      for (const [m, pattern, handler] of routes) {
        const match = m === method ? path.match(pattern) : null;
        if (match) return handler(req, res, body, match);
      }
      json(res, 404, { error: 'Not found.' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    closedEarly: () => closedEarly,
    failNext: (method, path, status, error) => failures.push({ method, path, status, error }),
    setGapMs: (ms) => {
      gap = ms;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
