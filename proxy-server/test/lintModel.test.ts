/**
 * Issue 47, item 2: the model check behind POST /api/lint `{ "model": true }`, MCP's lint_prompt and
 * `prompt-perfect lint --model`, against the fake providers: what the model is sent, its answer
 * validated (a malformed one is a 502 charged at the call's cost only), quotes not in the prompt
 * dropped, duplicates of a rule's finding merged, the cost charged to the daily budget, the answer
 * cached, the offline refusal, and visitors getting the rules alone.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDERS, TEST_MODEL } from '@prompt-perfect/core/catalog/providers';
import { priceOf } from '@prompt-perfect/core/catalog/modelPrices';
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { MODEL_CHECK_OFFLINE, MODEL_CHECK_VISITORS } from '@prompt-perfect/core/lint/model/messages';
import { dailyBudgetSpent } from '@prompt-perfect/core/messages';
import { MODEL_LINT_INSTRUCTION } from '@prompt-perfect/core/lint/model/index';
import { costUsd } from '@prompt-perfect/core/prove/cost';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { cli } from './cliProcess';
import { connectHttp } from './mcpClients';

const PROMPT = 'Summarize the email below for a busy manager.\nHi team, the launch moves to Friday.';
const PASTED = 'Hi team, the launch moves to Friday.';
const answer = (findings: unknown[]) => JSON.stringify({ findings });
const MODEL_ANSWER = answer([
  {
    rule: 'undelimited-input',
    quote: PASTED,
    why: 'The pasted email is not set apart.',
    fix: 'Put it in <email> tags.',
  },
  { rule: 'duplicate-instruction', quote: 'Summarize it twice.', why: 'Not in the prompt.', fix: 'None.' },
]);

/** What the fake OpenAI bills for one call, as it counts tokens (see test-support's fakeOpenAI). */
function fakeCost(messages: unknown, text: string, model = TEST_MODEL): number {
  const input = Math.max(1, Math.ceil(JSON.stringify(messages).length / 4));
  const output = Math.max(1, Math.ceil(text.length / 4));
  return costUsd({ input, output }, priceOf(model));
}

let env: TestEnv;
let ada: string;
const lint = (body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  request(`${env.url}/api/lint`, { body, ...init });
const spent = async (cookie: string) => (await request(`${env.url}/api/me/budget`, { cookie })).body.spentUsd as number;
const tokenWith = async (scopes: string[]) =>
  (await request(`${env.url}/api/tokens`, { body: { name: scopes.join('+'), scopes }, cookie: ada })).body
    .token as string;

describe('the model check with a provider', () => {
  beforeAll(async () => {
    env = await startTestEnv({ env: { USER_DAILY_BUDGET_USD: '5' } });
    ada = await signInLocal(env.url);
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.openai.reset();
    env.anthropic.reset();
  });

  it('asks the test model with the fixed instruction and the prompt, answers its findings beside the rules, charged', async () => {
    env.openai.respondWith({ kind: 'text', text: MODEL_ANSWER });
    const before = await spent(ada);
    const res = await lint({ prompt: PROMPT, model: true }, { cookie: ada });
    expect(res.status).toBe(200);

    expect(env.openai.requests).toHaveLength(1);
    const sent = env.openai.requests[0].body;
    expect(sent.model).toBe(TEST_MODEL);
    expect(sent.messages).toEqual([
      { role: 'system', content: MODEL_LINT_INSTRUCTION },
      { role: 'user', content: `<prompt>\n${PROMPT}\n</prompt>` },
    ]);

    const { findings, modelCheck } = res.body;
    const model = findings.filter((f: any) => f.source === 'model');
    expect(model).toEqual([
      expect.objectContaining({
        rule: 'undelimited-input',
        start: PROMPT.indexOf(PASTED),
        end: PROMPT.length,
        message: 'The pasted email is not set apart.',
        suggestion: 'Put it in <email> tags.',
      }),
    ]);
    const rules = lintPrompt(PROMPT);
    expect(findings.filter((f: any) => f.source === 'rules')).toHaveLength(rules.length);
    const cost = fakeCost(sent.messages, MODEL_ANSWER);
    expect(modelCheck).toMatchObject({ provider: 'openai', model: TEST_MODEL, cached: false, dropped: 1 });
    expect(modelCheck.tokens.input).toBeGreaterThan(0);
    expect(modelCheck.costUsd).toBeCloseTo(cost, 10);
    expect((await spent(ada)) - before).toBeCloseTo(cost, 10);
  });

  it('caches the answer by prompt and model: asked again, no upstream call and no charge; another prompt or model asks', async () => {
    const prompt = `${PROMPT} Keep it short.`;
    env.openai.respondWith({ kind: 'text', text: MODEL_ANSWER }, { kind: 'text', text: answer([]) });
    const first = await lint({ prompt, model: true }, { cookie: ada });
    expect(first.body.modelCheck.cached).toBe(false);
    const before = await spent(ada);
    const again = await lint({ prompt, model: true }, { cookie: ada });
    expect(again.status).toBe(200);
    expect(env.openai.requests).toHaveLength(1);
    expect(again.body.modelCheck).toMatchObject({ cached: true, costUsd: 0, dropped: 1 });
    expect(again.body.findings).toEqual(first.body.findings);
    expect(await spent(ada)).toBe(before);

    const other = await lint({ prompt: `${prompt}!`, model: true }, { cookie: ada });
    expect(other.body.modelCheck.cached).toBe(false);
    expect(env.openai.requests).toHaveLength(2);

    const anthropicModel = PROVIDERS.anthropic.models[0].id;
    env.anthropic.respondWith({ kind: 'text', text: answer([]) });
    const chosen = await lint({ prompt, model: { provider: 'anthropic', model: anthropicModel } }, { cookie: ada });
    expect(chosen.body.modelCheck).toMatchObject({ provider: 'anthropic', model: anthropicModel, cached: false });
    expect(env.anthropic.requests).toHaveLength(1);
    expect(env.anthropic.requests[0].body.system).toBe(MODEL_LINT_INSTRUCTION);
  });

  it('an answer that is not the schema is a 502 saying so, charged at the call cost only, and not cached', async () => {
    const prompt = `${PROMPT} (malformed)`;
    const malformed = 'Your prompt looks great!';
    env.openai.respondWith({ kind: 'text', text: malformed });
    const before = await spent(ada);
    const res = await lint({ prompt, model: true }, { cookie: ada });
    expect(res).toMatchObject({
      status: 502,
      body: { error: 'The model did not answer with JSON, so the model check has no findings to show.' },
    });
    // Settled to what the call cost, not left at its reserved worst case (1,000 output tokens).
    expect((await spent(ada)) - before).toBeCloseTo(fakeCost(env.openai.requests[0].body.messages, malformed), 10);

    env.openai.respondWith({ kind: 'text', text: answer([{ rule: 'no-output-format', quote: 'x', why: 'w' }]) });
    const offSchema = await lint({ prompt, model: true }, { cookie: ada });
    expect(offSchema.status).toBe(502);
    expect(offSchema.body.error).toMatch(/^The model's answer does not follow the schema \(.*findings\.0\.fix\)/);
    expect(env.openai.requests).toHaveLength(2);
  });

  it('merges a model finding that repeats a rule finding into it: listed once, as found by both', async () => {
    const prompt = 'Write a haiku about autumn. Write a haiku about autumn.';
    const rule = lintPrompt(prompt).find((f) => f.rule === 'duplicate-instruction')!;
    const quote = prompt.slice(rule.start, rule.end);
    env.openai.respondWith({
      kind: 'text',
      text: answer([{ rule: 'duplicate-instruction', quote, why: 'Said twice.', fix: 'Say it once.' }]),
    });
    const res = await lint({ prompt, model: true }, { cookie: ada });
    const duplicates = res.body.findings.filter((f: any) => f.rule === 'duplicate-instruction');
    expect(duplicates.filter((f: any) => f.start === rule.start)).toEqual([
      expect.objectContaining({ source: 'both', message: rule.message, suggestion: 'Say it once.' }),
    ]);
    expect(res.body.findings.some((f: any) => f.source === 'model')).toBe(false);
  });

  it('visitors get the rules alone and why; a token needs the run scope; a token with it is answered', async () => {
    const visitor = await lint({ prompt: PROMPT, model: true });
    expect(visitor.status).toBe(200);
    expect(visitor.body.modelCheckSkipped).toBe(MODEL_CHECK_VISITORS);
    expect(visitor.body.modelCheck).toBeUndefined();
    expect(visitor.body.findings).toEqual(lintPrompt(PROMPT));
    expect(env.openai.requests).toHaveLength(0);

    const readOnly = await tokenWith(['read']);
    const refused = await lint({ prompt: PROMPT, model: true }, { headers: { authorization: `Bearer ${readOnly}` } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain("lacks the 'run' scope");
    // Without `model`, any token still gets the rules.
    expect((await lint({ prompt: PROMPT }, { headers: { authorization: `Bearer ${readOnly}` } })).status).toBe(200);

    env.openai.respondWith({ kind: 'text', text: answer([]) });
    const run = await tokenWith(['run']);
    const ok = await lint({ prompt: `${PROMPT} token`, model: true }, { headers: { authorization: `Bearer ${run}` } });
    expect(ok.status).toBe(200);
    expect(ok.body.modelCheck).toMatchObject({ provider: 'openai', cached: false, dropped: 0 });
    expect(env.openai.requests).toHaveLength(1);
  });

  it("MCP lint_prompt with model: true asks the model; a token without 'run' is told so", async () => {
    env.openai.respondWith({ kind: 'text', text: MODEL_ANSWER });
    const client = await connectHttp(env.url, await tokenWith(['read', 'run']));
    const result: any = await client.callTool({
      name: 'lint_prompt',
      arguments: { prompt: `${PROMPT} mcp`, model: true },
    });
    await client.close();
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.modelCheck).toMatchObject({ provider: 'openai', model: TEST_MODEL, dropped: 1 });
    expect(result.structuredContent.findings).toContainEqual(
      expect.objectContaining({ rule: 'undelimited-input', source: 'model', suggestion: 'Put it in <email> tags.' }),
    );
    expect(result.content[0].text).toContain('undelimited-input (model)');
    expect(result.content[0].text).toContain(`Model check: openai:${TEST_MODEL}`);

    const readOnly = await connectHttp(env.url, await tokenWith(['read']));
    const refused: any = await readOnly.callTool({ name: 'lint_prompt', arguments: { prompt: PROMPT, model: true } });
    const plain: any = await readOnly.callTool({ name: 'lint_prompt', arguments: { prompt: PROMPT } });
    await readOnly.close();
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toContain("lint_prompt needs a token with the 'run' scope");
    expect(plain.isError).toBeFalsy();
    expect(env.openai.requests).toHaveLength(1);
  });

  it('prompt-perfect lint --model asks through the server and marks the model findings', async () => {
    env.openai.respondWith({ kind: 'text', text: MODEL_ANSWER });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-lint-model-'));
    // Another text than the earlier tests': theirs are in the cache.
    writeFileSync(path.join(dir, 'prompt.txt'), `${PROMPT} (from the CLI)`);
    const configDir = mkdtempSync(path.join(os.tmpdir(), 'pp-cli-config-'));
    const out = await cli(
      ['lint', 'prompt.txt', '--model'],
      {
        PROMPT_PERFECT_CONFIG_DIR: configDir,
        PROMPT_PERFECT_URL: env.url,
        PROMPT_PERFECT_TOKEN: await tokenWith(['run']),
      },
      dir,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(
      'prompt.txt:2:1 warning undelimited-input (model): The pasted email is not set apart.',
    );
    expect(out.stdout).toContain('  suggestion: Put it in <email> tags.');
    expect(out.stderr).toMatch(
      new RegExp(`^Model check: openai:${TEST_MODEL} \\(\\d+ tokens, \\$[\\d.]+\\); 1 finding`),
    );

    const offline = await cli(['lint', 'prompt.txt', '--model'], { PROMPT_PERFECT_CONFIG_DIR: configDir }, dir);
    expect(offline.code).toBe(2);
    expect(offline.stderr).toContain('lint --model asks a model on your Prompt Perfect server');
    expect(env.openai.requests).toHaveLength(1);
  });
});

describe('the model check and the daily budget', () => {
  beforeAll(async () => {
    // Less than one check costs: the first call is let through (nothing was spent yet), the next refused.
    env = await startTestEnv({ env: { USER_DAILY_BUDGET_USD: '0.0001' } });
    ada = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  it('once the budget is spent, refuses with 429 and the reason before calling the model', async () => {
    env.openai.respondWith({ kind: 'text', text: answer([]) });
    expect((await lint({ prompt: PROMPT, model: true }, { cookie: ada })).status).toBe(200);
    expect(await lint({ prompt: `${PROMPT} again`, model: true }, { cookie: ada })).toMatchObject({
      status: 429,
      body: { error: dailyBudgetSpent(0.0001) },
    });
    expect(env.openai.requests).toHaveLength(1);
  });
});

describe('the model check offline', () => {
  beforeAll(async () => {
    env = await startTestEnv({ openaiKey: false, anthropicKey: false });
    ada = await signInLocal(env.url);
  });
  afterAll(() => env.close());

  it('is refused with the reason, and the rules still answer', async () => {
    expect(await lint({ prompt: PROMPT, model: true }, { cookie: ada })).toMatchObject({
      status: 503,
      body: { error: MODEL_CHECK_OFFLINE },
    });
    const rules = await lint({ prompt: PROMPT }, { cookie: ada });
    expect(rules.status).toBe(200);
    expect(rules.body.findings).toEqual(lintPrompt(PROMPT));
    expect(env.openai.requests).toHaveLength(0);
  });
});
