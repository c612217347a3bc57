/**
 * Import and export of named prompts: promptfoo configuration YAML and Langfuse prompts both ways,
 * OpenAI prompt objects in; round trips on sample files written from each format's public docs; a bad
 * file is refused naming the line or field, and nothing is imported.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

const sample = (file: string) => readFileSync(path.join(import.meta.dirname, 'fixtures/registry', file), 'utf8');

describe('/api/prompts import and export', () => {
  let env: TestEnv;
  const api = (p: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${p}`, { ...init, cookie });
  const importFile = (cookie: string, format: string, content: string) =>
    api('/prompts/_import', cookie, { body: { format, content } });
  const someone = (name: string) => signInLocal(env.url, name, `${name.toLowerCase()}@example.com`);

  beforeAll(async () => {
    env = await startTestEnv();
  });
  afterAll(() => env.close());

  it('promptfoo: prompts and the test set in, then out and in again unchanged', async () => {
    const ada = await someone('Ada');
    const imported = await importFile(ada, 'promptfoo', sample('promptfooconfig.yaml'));
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({
      prompts: [
        { name: 'translate-formal', versions: [1] },
        { name: 'translation-assistant-2', versions: [1] },
      ],
      testSets: 1,
    });
    expect((await api('/prompts/translate-formal', ada)).body).toMatchObject({
      text: 'Translate into {{language}}, formally: {{input}}',
      variables: ['language', 'input'],
      config: { provider: 'openai', model: 'gpt-4o-mini' },
    });
    const [set] = (await api('/test-sets', ada)).body.items;
    const saved = (await api(`/test-sets/${set.id}`, ada)).body;
    expect(saved).toMatchObject({
      name: 'Translation assistant',
      rubric: 'The answer is a faithful translation and nothing else',
      cases: [
        { id: 'c1', input: 'language: French\ninput: Hello world', expected: 'Uses "Bonjour"' },
        { id: 'c2', input: "language: German\ninput: How's it going?" },
      ],
    });

    const exported = await api(`/prompts/_export?format=promptfoo&testSet=${set.id}`, ada);
    expect(exported.headers.get('content-type')).toMatch(/^application\/yaml/);
    const config = parse(exported.text);
    expect(config).toMatchObject({
      description: 'Translation assistant',
      providers: ['openai:gpt-4o-mini'],
      defaultTest: { assert: [{ type: 'llm-rubric', value: 'The answer is a faithful translation and nothing else' }] },
      tests: [
        {
          vars: { input: 'language: French\ninput: Hello world' },
          assert: [{ type: 'llm-rubric', value: 'Uses "Bonjour"' }],
        },
        { vars: { input: "language: German\ninput: How's it going?" } },
      ],
    });
    expect(config.prompts.map((p: any) => p.raw).sort()).toEqual([
      'Translate into {{language}}, formally: {{input}}',
      'Translate to {{language}}: {{input}}',
    ]);

    const grace = await someone('Grace');
    expect((await importFile(grace, 'promptfoo', exported.text)).status).toBe(201);
    const again = await api(
      `/prompts/_export?format=promptfoo&testSet=${(await api('/test-sets', grace)).body.items[0].id}`,
      grace,
    );
    expect(again.text).toBe(exported.text);
  });

  it('Langfuse: versions, labels and config in; out again equal to the file', async () => {
    const ada = await someone('Lin');
    const file = sample('langfuse-prompts.json');
    expect((await importFile(ada, 'langfuse', file)).body).toEqual({
      prompts: [
        { name: 'movie-critic', versions: [1, 2] },
        { name: 'story-summary', versions: [1] },
      ],
      testSets: 0,
    });
    expect((await api('/prompts/movie-critic?label=production', ada)).body).toMatchObject({
      version: 2,
      message: 'Ask for a rating',
      config: { model: 'gpt-4o', options: { temperature: 0.5 } },
    });
    const labels = (await api('/prompts/movie-critic/labels', ada)).body;
    expect(labels.moves[0]).toMatchObject({ label: 'production', fromVersion: null, toVersion: 2, movedBy: 'Lin' });

    const exported = await api('/prompts/_export?format=langfuse', ada);
    const withoutLatest = JSON.parse(file).map((p: any) => ({
      ...p,
      labels: p.labels.filter((l: string) => l !== 'latest'),
    }));
    const byKey = (list: any[]) =>
      [...list].sort((a, b) => `${a.name}${a.version}`.localeCompare(`${b.name}${b.version}`));
    expect(byKey(JSON.parse(exported.text))).toEqual(byKey(withoutLatest));
  });

  it('OpenAI prompt objects: each id becomes a named prompt with its versions', async () => {
    const ada = await someone('Oli');
    expect((await importFile(ada, 'openai', sample('openai-prompts.json'))).body).toEqual({
      prompts: [{ name: 'weather-reporter', versions: [1, 2] }],
      testSets: 0,
    });
    expect((await api('/prompts/weather-reporter?version=2', ada)).body).toMatchObject({
      variables: ['city', 'unit'],
      config: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        options: { openaiPromptId: 'pmpt_68b0c29740048196bd3a6e996ff1f2e1' },
      },
    });
  });

  it('a bad file is refused with the line or field at fault, and nothing of it is imported', async () => {
    const ada = await someone('Bea');
    const brokenYaml = 'prompts:\n  - "Say hi to {{name}}"\ntests:\n  - vars:\n      name: Ada\n     input: x\n';
    expect((await importFile(ada, 'promptfoo', brokenYaml)).body.error).toBe(
      'The file cannot be imported: line 6: All mapping items must start at the same column',
    );

    const otherAssert = sample('promptfooconfig.yaml').replace(
      'type: llm-rubric\n        value: Uses "Bonjour"',
      'type: contains\n        value: Bonjour',
    );
    expect((await importFile(ada, 'promptfoo', otherAssert)).body.error).toBe(
      'The file cannot be imported: line 20 (tests[0].assert[0].type): only llm-rubric assertions can be imported (found "contains").',
    );

    const langfuse = JSON.parse(sample('langfuse-prompts.json'));
    langfuse[2].prompt = 42;
    expect((await importFile(ada, 'langfuse', JSON.stringify(langfuse))).body.error).toBe(
      'The file cannot be imported: [2].prompt: must be the prompt text.',
    );
    expect((await importFile(ada, 'langfuse', '[{"name": "x",')).body.error).toMatch(
      /^The file cannot be imported: line 1: not valid JSON/,
    );
    expect((await importFile(ada, 'openai', '[{"id": "pmpt_1", "version": "1"}]')).body.error).toBe(
      'The file cannot be imported: [0].instructions: the prompt text is required (instructions, prompt or text).',
    );
    expect((await api('/prompts', ada)).body.items).toEqual([]);
    expect((await api('/test-sets', ada)).body.items).toEqual([]);

    // A protected label in the way: the whole import is rolled back, earlier prompts included.
    await api('/prompts/story-summary/versions', ada, { body: { text: 'Mine' } });
    await api('/prompts/story-summary/labels/staging', ada, { method: 'PUT', body: { version: 1, protected: true } });
    const refused = await importFile(ada, 'langfuse', sample('langfuse-prompts.json'));
    expect(refused).toMatchObject({
      status: 409,
      body: { error: "Nothing was imported: the label 'staging' of story-summary is protected. Unprotect it first." },
    });
    expect((await api('/prompts', ada)).body.items.map((p: any) => p.name)).toEqual(['story-summary']);
    expect((await api('/prompts/story-summary/versions', ada)).body.items).toHaveLength(1);
  });

  it('export needs a known format; a read token may export, only a run token may import', async () => {
    const ada = await someone('Tom');
    expect((await api('/prompts/_export?format=csv', ada)).body.error).toBe(
      'Export format must be one of promptfoo, langfuse.',
    );
    const read = (await api('/tokens', ada, { body: { name: 'r', scopes: ['read'] } })).body.token;
    const refused = await request(`${env.url}/api/prompts/_import`, {
      headers: { authorization: `Bearer ${read}` },
      body: { format: 'langfuse', content: '[]' },
    });
    expect(refused.status).toBe(403);
    await importFile(ada, 'langfuse', sample('langfuse-prompts.json'));
    const out = await request(`${env.url}/api/prompts/_export?format=promptfoo&label=production`, {
      headers: { authorization: `Bearer ${read}` },
    });
    expect(parse(out.text).prompts).toEqual([
      { id: 'movie-critic', label: 'movie-critic', raw: expect.stringContaining('rate {{movie}}') },
    ]);
  });
});
