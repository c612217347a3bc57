/**
 * The MCP server, driven by the SDK's own Client over both transports: Streamable HTTP at /mcp on the
 * server, and stdio through the CLI talking to the same server's REST API with a personal token.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, send, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { connectHttp, connectStdio } from './mcpClients';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';

const TOOL_NAMES = [
  'evaluate_prompt',
  'get_history',
  'improve_prompt',
  'lint_prompt',
  'list_test_sets',
  'optimize_prompt',
];

let env: TestEnv;
let cookie: string;
let testSetId: number;
const tokenWith = async (scopes: string[]) =>
  (await request(`${env.url}/api/tokens`, { body: { name: scopes.join('+'), scopes }, cookie })).body.token as string;
const models = { ...MODEL, judgeProvider: JUDGE.provider, judgeModel: JUDGE.model };
const textOf = (result: any) => result.content.map((c: any) => c.text).join('\n');

beforeAll(async () => {
  // Every MCP message is an HTTP request: room for the whole file within one rate-limit window.
  env = await startTestEnv({ env: { RATE_LIMIT_PER_USER: '10000' } });
  cookie = await signInLocal(env.url, 'Ada', 'ada@example.com');
  testSetId = (await request(`${env.url}/api/test-sets`, { body: simulatedSet(12), cookie })).body.id;
});
afterAll(() => env.close());
beforeEach(() => {
  env.openai.reset();
  env.openai.simulateAnswers(true);
});

describe.each([
  ['Streamable HTTP', connectHttp],
  ['stdio (the CLI)', connectStdio],
])('MCP over %s', (transport, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(env.url, await tokenWith(['read', 'run']));
  });
  afterAll(() => client.close());

  it('lists the six tools, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(100);
      expect(t.inputSchema.type).toBe('object');
    }
    expect(tools.find((t) => t.name === 'optimize_prompt')?.inputSchema.required).toEqual(
      expect.arrayContaining(['maxRounds', 'maxTokens', 'maxCostUsd']),
    );
  });

  it('lint_prompt: findings with rule, severity, why and fix', async () => {
    const result: any = await client.callTool({
      name: 'lint_prompt',
      arguments: {
        prompt:
          'Summarize this email for my manager in three bullet points.\n\nFrom: Ana Ruiz <ana@example.com>\nSubject: Old bridge closes in May\n\nHi all,\nThe council voted on Tuesday to close the old bridge to cars and lorries from May onwards. Buses keep their route until June.\nAna',
      },
    });
    expect(result.isError).toBeFalsy();
    const finding = result.structuredContent.findings.find((f: any) => f.rule === 'undelimited-input');
    expect(finding).toMatchObject({ severity: 'warning', why: expect.any(String), fix: { label: expect.any(String) } });
    expect(textOf(result)).toContain('undelimited-input');
  });

  it('improve_prompt: offline without a model; with one, the model rewrites it and the run lands in the history', async () => {
    const offline: any = await client.callTool({
      name: 'improve_prompt',
      arguments: { prompt: 'write a poem about rain' },
    });
    expect(offline.structuredContent).toMatchObject({ provider: 'offline' });
    expect(offline.structuredContent.prompt.length).toBeGreaterThan('write a poem about rain'.length);
    expect(env.openai.requests).toHaveLength(0);

    env.openai.respondWith({ kind: 'text', text: 'Here is the optimized prompt: Write a four-line poem about rain.' });
    const online: any = await client.callTool({
      name: 'improve_prompt',
      arguments: { prompt: 'poem rain', provider: 'openai', model: 'gpt-4o', tone: 'Concise' },
    });
    expect(online.structuredContent).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o',
      prompt: 'Write a four-line poem about rain.',
      historyId: expect.any(Number),
    });
    expect(JSON.stringify(env.openai.requests[0].body)).toContain('poem rain');

    const history: any = await client.callTool({ name: 'get_history', arguments: { limit: 5 } });
    expect(history.structuredContent.items[0]).toMatchObject({
      input: 'poem rain',
      output: 'Write a four-line poem about rain.',
    });
  });

  it('list_test_sets and the test set and history resources', async () => {
    const listed: any = await client.callTool({ name: 'list_test_sets', arguments: {} });
    expect(listed.structuredContent.items).toEqual([expect.objectContaining({ id: testSetId, caseCount: 12 })]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining([`prompt-perfect://test-sets/${testSetId}`, 'prompt-perfect://history']),
    );
    const set = await client.readResource({ uri: `prompt-perfect://test-sets/${testSetId}` });
    expect(JSON.parse((set.contents[0] as any).text)).toMatchObject({
      id: testSetId,
      cases: expect.any(Array),
      rubric: expect.any(String),
    });
    const history = await client.readResource({ uri: 'prompt-perfect://history' });
    expect(JSON.parse((history.contents[0] as any).text)).toHaveProperty('items');
  });

  it('evaluate_prompt: the mean with its interval, progress per case', async () => {
    const progress: number[] = [];
    const result: any = await client.callTool(
      { name: 'evaluate_prompt', arguments: { prompt: simulatedSet().prompt, testSetId, ...models } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.summary).toMatchObject({
      n: 12,
      mean: expect.any(Number),
      low: expect.any(Number),
      high: expect.any(Number),
    });
    expect(result.structuredContent.results).toHaveLength(12);
    expect(textOf(result)).toMatch(/^Mean \d\.\d\d \(95% interval/);
    // Over HTTP every case's notification is its own SSE event, handled before the answer. On stdio the
    // SDK's Client handles a notification a microtask after a response read in the same chunk, by
    // when its handler is gone: the last few may be dropped on a busy machine.
    if (transport === 'Streamable HTTP') expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    else expect(progress.every((p, i) => p === i + 1)).toBe(true);
  });

  it('optimize_prompt: progress per round, then the report with the test-split verdict', async () => {
    const messages: string[] = [];
    const steps: Array<{ progress: number; total?: number }> = [];
    const result: any = await client.callTool(
      {
        name: 'optimize_prompt',
        arguments: {
          prompt: simulatedSet().prompt,
          testSetId,
          ...models,
          maxRounds: 3,
          maxTokens: 1_000_000,
          maxCostUsd: 5,
        },
      },
      undefined,
      {
        onprogress: (p) => {
          messages.push(p.message ?? '');
          steps.push({ progress: p.progress, total: p.total });
        },
      },
    );
    // Always increasing, within the announced total (3 rounds + scoring + the final test).
    expect(
      steps.every((p, i) => p.total === 5 && p.progress <= 5 && (i === 0 || p.progress > steps[i - 1].progress)),
    ).toBe(true);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      bestPrompt: expect.any(String),
      test: expect.objectContaining({ difference: expect.any(Object) }),
    });
    expect(messages.filter((m) => /^Round \d/.test(m))).toHaveLength(result.structuredContent.rounds.length);
    expect(textOf(result)).toContain('Test cases (never used to choose)');
    // How many tests the set's test cases have had, and the level this one had to clear.
    const { budget } = result.structuredContent.test;
    expect(budget).toMatchObject({ level: 0.05 * 2 ** -(budget.earlierTests + 1), caseIds: expect.any(Array) });
    expect(textOf(result)).toMatch(/(The first test on these|These) \d+ test cases.*one-sided level of [\d.]+%/);
    // Each version that passed validation is in the history, after the starting prompt, as in the workspace.
    const kept = result.structuredContent.rounds.filter((r: any) => r.kept);
    expect(kept.length).toBeGreaterThan(0);
    const history: any = await client.callTool({
      name: 'get_history',
      arguments: { limit: 20, query: 'Optimization' },
    });
    const labels = history.structuredContent.items.map((h: any) => h.input).reverse();
    expect(labels.slice(-kept.length - 1)).toEqual([
      'Optimization: the starting prompt',
      ...kept.map((r: any) => `Optimization round ${r.round}: passed validation`),
    ]);
  });

  it('cancelling a running optimization closes the upstream call and ends the run', async () => {
    env.openai.simulateAnswers(false);
    env.openai.respondWith(...Array.from({ length: 8 }, () => ({ kind: 'slow' as const, delayMs: 10_000 })));
    const controller = new AbortController();
    const call = client.callTool(
      {
        name: 'optimize_prompt',
        arguments: {
          prompt: simulatedSet().prompt,
          testSetId,
          ...models,
          maxRounds: 2,
          maxTokens: 1_000_000,
          maxCostUsd: 5,
        },
      },
      undefined,
      { signal: controller.signal, onprogress: () => {} },
    );
    await expect.poll(() => env.openai.requests.length, { timeout: 5_000 }).toBeGreaterThan(0);
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => env.openai.abortedByCaller, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    const sent = env.openai.requests.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(env.openai.requests.length).toBe(sent);
  });

  it('a token without run may lint and read, and is refused the run tools', async () => {
    const reader = await connect(env.url, await tokenWith(['read']));
    try {
      expect((await reader.listTools()).tools).toHaveLength(6);
      expect(
        ((await reader.callTool({ name: 'lint_prompt', arguments: { prompt: 'Say hi.' } })) as any).isError,
      ).toBeFalsy();
      expect(((await reader.callTool({ name: 'list_test_sets', arguments: {} })) as any).isError).toBeFalsy();
      const refused: any = await reader.callTool({
        name: 'evaluate_prompt',
        arguments: { prompt: 'p', testSetId, ...models },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/'run' scope/);
      expect(env.openai.requests).toHaveLength(0);
    } finally {
      await reader.close();
    }
  });

  it('a token without read may still lint, and is refused the account data', async () => {
    const runner = await connect(env.url, await tokenWith(['run']));
    try {
      expect(
        ((await runner.callTool({ name: 'lint_prompt', arguments: { prompt: 'Say hi.' } })) as any).isError,
      ).toBeFalsy();
      const refused: any = await runner.callTool({ name: 'list_test_sets', arguments: {} });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/'read' scope/);
    } finally {
      await runner.close();
    }
  });
});

describe('/mcp over HTTP without a usable token', () => {
  it('answers 401 JSON, with no token, a session cookie only, or a revoked token', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const headers = { accept: 'application/json, text/event-stream' };
    expect(await request(`${env.url}/mcp`, { body: init, headers })).toMatchObject({
      status: 401,
      body: { error: expect.stringContaining('personal API token') },
    });
    expect((await request(`${env.url}/mcp`, { body: init, headers, cookie })).status).toBe(401);
    expect(
      (await request(`${env.url}/mcp`, { body: init, headers: { ...headers, authorization: 'Bearer pp_unknown' } }))
        .status,
    ).toBe(401);
  });

  it('a session belongs to its token user: another user gets 404', async () => {
    const ada = await tokenWith(['read']);
    const graceCookie = await signInLocal(env.url, 'Grace', 'grace@example.com');
    const grace = (await request(`${env.url}/api/tokens`, { body: { name: 'g' }, cookie: graceCookie })).body.token;
    const client = await connectHttp(env.url, ada);
    try {
      const sessionId = (client.transport as any).sessionId as string;
      const res = await request(`${env.url}/mcp`, {
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        headers: {
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${grace}`,
          'mcp-session-id': sessionId,
        },
      });
      expect(res.status).toBe(404);
    } finally {
      await client.close();
    }
  });
});

describe('/mcp behind the same guards as the API', () => {
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };

  it('an unknown Host gets 421 before the token is even looked at', async () => {
    const token = await tokenWith(['read']);
    const port = new URL(env.url).port;
    const res = await send(
      env.url,
      '/mcp',
      {
        host: `rebind.attacker.example:${port}`,
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
      },
      init,
    );
    expect(res.status).toBe(421);
  });

  it("the per-user rate limit counts a token's MCP requests", async () => {
    const limited = await startTestEnv({ env: { RATE_LIMIT_PER_USER: '3' } });
    try {
      const own = await signInLocal(limited.url, 'Lin', 'lin@example.com');
      const token = (await request(`${limited.url}/api/tokens`, { body: { name: 'm' }, cookie: own })).body.token;
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await request(`${limited.url}/mcp`, { body: init, headers })).status);
      // Three per user per window, one of them spent creating the token.
      expect(statuses).toEqual([200, 200, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('MCP runs count against the same limits as REST', () => {
  it('a user over the daily budget gets the budget message from improve_prompt, and no model is called', async () => {
    const capped = await startTestEnv({ env: { RATE_LIMIT_PER_USER: '10000', USER_DAILY_BUDGET_USD: '0.000001' } });
    try {
      capped.openai.simulateAnswers(true);
      const owner = await signInLocal(capped.url, 'Bea', 'bea@example.com');
      const token = (
        await request(`${capped.url}/api/tokens`, { body: { name: 'mcp', scopes: ['read', 'run'] }, cookie: owner })
      ).body.token;
      const client = await connectHttp(capped.url, token);
      try {
        // The first call spends past the tiny budget; the next is refused before any model call.
        await client.callTool({
          name: 'improve_prompt',
          arguments: { prompt: 'poem rain', provider: 'openai', model: 'gpt-4o' },
        });
        const calls = capped.openai.requests.length;
        const refused: any = await client.callTool({
          name: 'improve_prompt',
          arguments: { prompt: 'poem snow', provider: 'openai', model: 'gpt-4o' },
        });
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toContain("You have used today's model budget");
        expect(capped.openai.requests).toHaveLength(calls);
      } finally {
        await client.close();
      }
    } finally {
      await capped.close();
    }
  });
});
