/**
 * Issue 40, item 2: the run caps hold however calls arrive. A JSON-RPC batch on /mcp is refused (it
 * would run all its tool calls on one run slot); concurrent model calls reserve their worst case in
 * the daily budget before they start, so together they never pass it by more than one call's
 * estimate (SQLite and PostgreSQL); MCP evaluate_prompt is refused up front over budget, as REST is.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { dailyBudgetSpent, evaluationOverBudget } from '@prompt-perfect/core/messages';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { bothBackends } from './bothBackends';
import { connectHttp } from './mcpClients';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';

/** gpt-4o at list price ($10 per million output tokens): one call's worst case (1,000 output tokens) is $0.01 and a bit. */
const ONE_CALL_WORST_CASE_USD = 0.0101;

let env: TestEnv | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await env?.close();
  client = undefined;
  env = undefined;
});

const tokenFor = async (url: string, cookie: string) =>
  (await request(`${url}/api/tokens`, { body: { name: 'mcp', scopes: ['read', 'run'] }, cookie })).body.token as string;

const improveCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'improve_prompt', arguments: { prompt: 'write a poem', provider: 'openai', model: 'gpt-4o' } },
});

describe('/mcp', () => {
  it('refuses a JSON-RPC batch of tool calls before any of them runs', async () => {
    env = await startTestEnv({ env: { USER_MAX_CONCURRENT_RUNS: '2' } });
    const cookie = await signInLocal(env.url);
    const token = await tokenFor(env.url, cookie);
    client = await connectHttp(env.url, token);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    env.openai.respondWith(...Array.from({ length: 20 }, () => ({ kind: 'slow' as const, delayMs: 300, text: 'x' })));

    const batch = await request(`${env.url}/mcp`, {
      body: Array.from({ length: 20 }, (_, i) => improveCall(i + 1)),
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
    });
    expect(batch.status).toBe(400);
    expect(batch.body).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('batches') } });
    expect(env.openai.requests).toHaveLength(0);

    // One call per request still works, each on its own slot.
    const one: any = await client.callTool(improveCall(1).params);
    expect(one.isError).toBeFalsy();
    expect(env.openai.requests).toHaveLength(1);
  });

  it('evaluate_prompt is refused up front when its estimate is over what is left of the budget', async () => {
    env = await startTestEnv({ env: { USER_DAILY_BUDGET_USD: '0.05', RATE_LIMIT_PER_USER: '10000' } });
    env.openai.simulateAnswers(true);
    const cookie = await signInLocal(env.url);
    const set = (await request(`${env.url}/api/test-sets`, { body: simulatedSet(12), cookie })).body;
    const body = { ...MODEL, testSetId: set.id, prompt: set.prompt, judge: JUDGE };
    const estimate = (await request(`${env.url}/api/evaluations/estimate`, { body, cookie })).body;
    client = await connectHttp(env.url, await tokenFor(env.url, cookie));

    const result: any = await client.callTool({
      name: 'evaluate_prompt',
      arguments: { ...body, judgeProvider: JUDGE.provider, judgeModel: JUDGE.model },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain(evaluationOverBudget(estimate.costUsd, 0.05));
    expect(env.openai.requests).toHaveLength(0);
  });
});

const { backends } = bothBackends();

describe.each(backends)('the daily budget under concurrent calls on %s', (_name, location) => {
  it('reserves each call before it starts: 10 at once on a $0.001 budget make one upstream call', async () => {
    env = await startTestEnv({
      env: { ...(await location()), USER_DAILY_BUDGET_USD: '0.001', USER_MAX_CONCURRENT_RUNS: '50' },
    });
    const cookie = await signInLocal(env.url);
    // Each answer costs more than the whole budget, so once one was settled nothing is left either.
    const answer = 'word '.repeat(700);
    env.openai.respondWith(
      ...Array.from({ length: 10 }, () => ({ kind: 'slow' as const, delayMs: 200, text: answer })),
    );

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(`${env!.url}/api/generate${i % 2 ? '/stream' : ''}`, { body: generateBody(), cookie }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 429, body: { error: dailyBudgetSpent(0.001) } });
    expect(env.openai.requests).toHaveLength(1);

    // Settled to what the call cost (700 words: about 875 tokens), below its reserved worst case.
    const { spentUsd } = (await request(`${env.url}/api/me/budget`, { cookie })).body;
    expect(spentUsd).toBeGreaterThan(0.008);
    expect(spentUsd).toBeLessThan(ONE_CALL_WORST_CASE_USD - 0.001);
  });
});
