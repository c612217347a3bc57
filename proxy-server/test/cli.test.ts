/** The CLI against a running server: login stores the token for the user only; improve and eval use it. */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { cli } from './cliProcess';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';
import { makeTeam, orgToken } from './orgTeam';

let env: TestEnv;
let token: string;
let configDir: string;
beforeAll(async () => {
  env = await startTestEnv();
  const cookie = await signInLocal(env.url, 'Ada', 'ada@example.com');
  token = (await request(`${env.url}/api/tokens`, { body: { name: 'CLI' }, cookie })).body.token;
  await request(`${env.url}/api/test-sets`, { body: simulatedSet(12), cookie });
  configDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pp-cli-home-')), 'prompt-perfect');
});
afterAll(() => env.close());
beforeEach(() => {
  env.openai.reset();
  env.openai.simulateAnswers(true);
});

describe('prompt-perfect login', () => {
  it('refuses a token the server does not know, and stores nothing', async () => {
    const out = await cli(['login', '--url', env.url, '--token', 'pp_not-a-real-token'], {
      PROMPT_PERFECT_CONFIG_DIR: configDir,
    });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('does not accept that token');
    expect(() => statSync(path.join(configDir, 'config.json'))).toThrow();
  });

  it('stores a valid token in a file only the user can read; later commands use it', async () => {
    const out = await cli(['login', '--url', env.url, '--token', token], { PROMPT_PERFECT_CONFIG_DIR: configDir });
    expect(out.code).toBe(0);
    const file = path.join(configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: env.url, token });

    const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-cli-work-'));
    writeFileSync(path.join(dir, 'task.txt'), 'poem rain');
    env.openai.respondWith({ kind: 'text', text: 'Write a four-line poem about rain.' });
    const improved = await cli(
      ['improve', 'task.txt', '--model', 'openai:gpt-4o'],
      { PROMPT_PERFECT_CONFIG_DIR: configDir },
      dir,
    );
    expect(improved).toMatchObject({ code: 0, stdout: 'Write a four-line poem about rain.\n' });
    const history = await request(`${env.url}/api/me/history`, { headers: { authorization: `Bearer ${token}` } });
    expect(history.body.items[0]).toMatchObject({ input: 'poem rain', provider: 'openai' });
  });

  it('eval --test-set <id> runs on the server with the stored token', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-cli-work-'));
    writeFileSync(path.join(dir, 'prompt.txt'), simulatedSet().prompt);
    const sets = await request(`${env.url}/api/test-sets`, { headers: { authorization: `Bearer ${token}` } });
    const id = String(sets.body.items[0].id);
    const args = [
      'eval',
      'prompt.txt',
      '--test-set',
      id,
      '--model',
      `${MODEL.provider}:${MODEL.model}`,
      '--judge',
      JUDGE.model,
    ];
    const out = await cli(args, { PROMPT_PERFECT_CONFIG_DIR: configDir }, dir);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Mean \d\.\d\d \(95% interval .*n=12\)/);
    expect(env.openai.requests).toHaveLength(24);
  });
});

describe('prompt-perfect with an organization token', () => {
  it("logs in unchanged and evaluates the organization's test set, which its maker's own token cannot see", async () => {
    const grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    const { org } = await makeTeam(env.url, 'Acme', grace, {});
    const set = await request(`${env.url}/api/orgs/${org.slug}/test-sets`, { body: simulatedSet(4), cookie: grace });
    expect(set.status).toBe(201);
    const personal = (await request(`${env.url}/api/tokens`, { body: { name: 'mine' }, cookie: grace })).body.token;
    const id = String(set.body.id);
    expect(
      (await request(`${env.url}/api/test-sets/${id}`, { headers: { authorization: `Bearer ${personal}` } })).status,
    ).toBe(404);

    const home = path.join(mkdtempSync(path.join(os.tmpdir(), 'pp-cli-home-')), 'prompt-perfect');
    const token = await orgToken(env.url, org.slug, grace);
    expect((await cli(['login', '--url', env.url, '--token', token], { PROMPT_PERFECT_CONFIG_DIR: home })).code).toBe(
      0,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-cli-work-'));
    writeFileSync(path.join(dir, 'prompt.txt'), simulatedSet().prompt);
    const args = [
      'eval',
      'prompt.txt',
      '--test-set',
      id,
      '--model',
      `${MODEL.provider}:${MODEL.model}`,
      '--judge',
      JUDGE.model,
    ];
    const out = await cli(args, { PROMPT_PERFECT_CONFIG_DIR: home }, dir);
    expect(out).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Mean \d\.\d\d \(95% interval .*n=4\)/) });
    const budget = (await request(`${env.url}/api/orgs/${org.slug}/budget`, { cookie: grace })).body;
    expect(budget.org.spentUsd).toBeGreaterThan(0);
  });
});
