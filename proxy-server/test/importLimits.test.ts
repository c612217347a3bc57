/**
 * Issue 40, item 1: one import or body cannot freeze the server. A promptfoo YAML import is refused
 * (400, naming the limit) for too many keys in one mapping, nesting too deep (flow or block),
 * aliases that expand too far, and duplicate keys, in linear time; any JSON body nested too deep is
 * refused before it is parsed. Timings are in bench/abuseLimits.bench.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

let env: TestEnv;
let cookie: string;
beforeAll(async () => {
  env = await startTestEnv();
  cookie = await signInLocal(env.url);
});
afterAll(() => env.close());

const importYaml = (content: string) =>
  request(`${env.url}/api/prompts/_import`, { body: { format: 'promptfoo', content }, cookie });
const refused = (problem: string) => ({ status: 400, body: { error: expect.stringContaining(problem) } });
const prompts = 'prompts:\n  - Say hello to {{name}}\n';

describe('promptfoo import limits', () => {
  it('refuses a mapping with more than 1,000 keys, naming the limit', async () => {
    const keys = Array.from({ length: 5_000 }, (_, i) => `k${i}: v`).join('\n');
    expect(await importYaml(`${prompts}${keys}\n`)).toMatchObject(
      refused('holds more than 1000 keys (the keys-per-mapping limit)'),
    );
    expect((await request(`${env.url}/api/prompts`, { cookie })).body.items).toEqual([]);
  });

  it('refuses more than 20,000 values before composing them', async () => {
    const values = `${prompts}x: [${Array(25_000).fill('a').join(', ')}]\n`;
    expect(await importYaml(values)).toMatchObject(refused('line 3: more than 20,000 values (the value limit)'));
  });

  it('refuses flow and block nesting deeper than 64 levels', async () => {
    expect(await importYaml(`${prompts}x: ${'['.repeat(490_000)}`)).toMatchObject(
      refused('line 3: nested more than 64 levels deep (the depth limit)'),
    );
    expect(await importYaml(`${prompts}x: ${'- '.repeat(5_000)}deep\n`)).toMatchObject(
      refused('nested more than 64 levels deep (the depth limit)'),
    );
    const stairs = Array.from({ length: 80 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    expect(await importYaml(`${prompts}${stairs} end\n`)).toMatchObject(
      refused('nested more than 64 levels deep (the depth limit)'),
    );
  });

  it('refuses an alias bomb and too many aliases, naming the alias limit', async () => {
    const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    expect(await importYaml(`${prompts}${levels.join('\n')}\n`)).toMatchObject(refused('(the alias limit)'));
    const many = Array.from({ length: 101 }, (_, i) => `r${i}: *p`).join('\n');
    expect(await importYaml(`${prompts}p: &p v\n${many}\n`)).toMatchObject(refused('line 104: more than 100 aliases'));
  });

  it('still refuses duplicate keys with their line, and imports a good file', async () => {
    expect(await importYaml(`${prompts}description: one\ndescription: two\n`)).toMatchObject(
      refused('line 4: Map keys must be unique'),
    );
    const long = `prompts:\n  - |\n${'    A long prompt line, indented as block text.\n'.repeat(200)}`;
    expect((await importYaml(`description: Greeter\n${long}`)).status).toBe(201);
  });
});

describe('JSON bodies', () => {
  it('refuses a body nested more than 64 levels deep before parsing it (400), on every route', async () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const version = await request(`${env.url}/api/prompts/greeter/versions`, {
      rawBody: `{"text":"Hello","options":${deep(5_000)}}`,
      headers: { 'content-type': 'application/json' },
      cookie,
    });
    expect(version).toMatchObject(refused('The request body nests objects and arrays more than 64 levels deep'));
    const set = await request(`${env.url}/api/test-sets`, {
      rawBody: `{"name":"s","cases":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      headers: { 'content-type': 'application/json' },
      cookie,
    });
    expect(set).toMatchObject(refused('more than 64 levels deep'));
    const langfuse = await request(`${env.url}/api/prompts/_import`, {
      body: { format: 'langfuse', content: `${'['.repeat(200_000)}${']'.repeat(200_000)}` },
      cookie,
    });
    expect(langfuse).toMatchObject(refused('The file cannot be imported: the file: it nests'));
    // Brackets inside strings are text, not nesting.
    const text = `${'['.repeat(100)} is fine in a prompt`;
    const saved = await request(`${env.url}/api/prompts/brackets/versions`, { body: { text }, cookie });
    expect(saved.status).toBe(201);
  });
});
