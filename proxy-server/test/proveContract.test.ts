/**
 * The fake Prove API (test-support) stands in for this server in the workspace's unit tests. One
 * scenario runs against both, and every answer and event must have the same shape (keys and types of
 * values), so a change to the real contract that the fake does not follow fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationEvent, OptimizationEvent } from '@prompt-perfect/core/api/prove';
import { type FakeProveApi, startFakeProveApi } from '@prompt-perfect/test-support/fakes/fakeProveApi';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { JUDGE, MODEL, postStream, simulatedSet } from './proveHelpers';

type Shape = string | Shape[] | { [key: string]: Shape };

/** The type of every value, keys kept; an array is the merged shape of its items. */
function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [value.map(shapeOf).reduce(merge)] : [];
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

function merge(a: Shape, b: Shape): Shape {
  if (typeof a === 'string' || typeof b === 'string' || Array.isArray(a) || Array.isArray(b)) {
    if (JSON.stringify(a) === JSON.stringify(b)) return a;
    if (Array.isArray(a) && Array.isArray(b)) return a.length && b.length ? [merge(a[0], b[0])] : a.length ? a : b;
    return [...new Set([JSON.stringify(a), JSON.stringify(b)])].sort().join(' | ');
  }
  // A key some items lack is optional: kept with its type, marked `key?`.
  const byName = (o: Record<string, Shape>) =>
    new Map(Object.entries(o).map(([k, v]) => [k.replace(/\?$/, ''), { v, optional: k.endsWith('?') }]));
  const [left, right] = [byName(a), byName(b)];
  const names = [...new Set([...left.keys(), ...right.keys()])].sort();
  return Object.fromEntries(
    names.map((name) => {
      const [l, r] = [left.get(name), right.get(name)];
      const optional = !l || !r || l.optional || r.optional;
      const shape = l && r ? merge(l.v, r.v) : (l ?? r)!.v;
      return [optional ? `${name}?` : name, shape];
    }),
  );
}

/** Event types in order, a run of the same type said once; and the merged shape of each type's payload. */
function eventsOf(events: Array<{ type: string }>) {
  const order = events.map((e) => e.type).filter((type, i, all) => type !== all[i - 1]);
  const shapes: Record<string, Shape> = {};
  for (const { type, ...payload } of events)
    shapes[type] = type in shapes ? merge(shapes[type], shapeOf(payload)) : shapeOf(payload);
  return { order, shapes };
}

interface Target {
  url: string;
  headers: Record<string, string>;
}

/** The same calls, in the same order, as the workspace makes them. */
async function scenario({ url, headers }: Target) {
  const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await request(`${url}${path}`, { ...init, headers });
    return { status: res.status, shape: shapeOf(res.body) };
  };
  const token = await call('/api/tokens', { body: { name: 'CI script' } });
  const tokens = await call('/api/tokens');
  const created = await request(`${url}/api/test-sets`, { body: simulatedSet(12), headers });
  const testSetId = created.body.id as number;
  const body = { ...MODEL, testSetId, prompt: simulatedSet().prompt, judge: JUDGE };
  const evaluation = await postStream<EvaluationEvent>(`${url}/api/evaluations`, body, headers);
  const optimization = await postStream<OptimizationEvent>(
    `${url}/api/optimizations`,
    { ...body, limits: { maxRounds: 2, maxTokens: 5_000_000, maxCostUsd: 100 }, seed: 3 },
    headers,
  );
  return {
    token,
    tokens,
    created: { status: created.status, shape: shapeOf(created.body) },
    list: await call('/api/test-sets'),
    one: await call(`/api/test-sets/${testSetId}`),
    missing: await call('/api/test-sets/999999'),
    draft: await call('/api/test-sets/draft', { body: { ...MODEL, task: 'Answer hiking shop customers', count: 10 } }),
    estimate: await call('/api/optimizations/estimate', {
      body: { ...body, limits: { maxRounds: 2, maxTokens: 5_000_000, maxCostUsd: 100 }, seed: 3 },
    }),
    evaluation: { status: evaluation.status, ...eventsOf(evaluation.events) },
    optimization: { status: optimization.status, ...eventsOf(optimization.events) },
    deleted: (await request(`${url}/api/test-sets/${testSetId}`, { method: 'DELETE', headers })).status,
  };
}

describe('the fake Prove API keeps the real server contract', () => {
  let env: TestEnv;
  let fake: FakeProveApi;
  let real: Awaited<ReturnType<typeof scenario>>;
  let faked: Awaited<ReturnType<typeof scenario>>;

  beforeAll(async () => {
    env = await startTestEnv();
    env.openai.simulateAnswers(true);
    fake = await startFakeProveApi({ gapMs: 0 });
    const cookie = await signInLocal(env.url);
    real = await scenario({ url: env.url, headers: { cookie } });
    faked = await scenario({ url: fake.origin, headers: {} });
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await env?.close();
  });

  it('answers test-set and token calls with the same statuses and shapes', () => {
    for (const key of [
      'token',
      'tokens',
      'created',
      'list',
      'one',
      'missing',
      'draft',
      'estimate',
      'deleted',
    ] as const) {
      expect(faked[key], key).toEqual(real[key]);
    }
  });

  it('streams an evaluation as the same events, in the same order, with the same payloads', () => {
    expect(real.evaluation.order).toEqual(['case', 'done']);
    expect(faked.evaluation).toEqual(real.evaluation);
  });

  it('streams an optimization as the same events, in the same order, with the same payloads', () => {
    expect(real.optimization.order.at(-1)).toBe('done');
    expect(faked.optimization).toEqual(real.optimization);
  });
});
