/** Model lists from the providers themselves (OpenAI-compatible servers such as Ollama), merged with the catalogue. */
import { afterEach, describe, expect, it } from 'vitest';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv, type TestEnvOptions } from './helpers';

const ids = (res: { body: any }, provider = 0) => res.body.providers[provider].models.map((m: any) => [m.id, m.source]);

describe('model lists', () => {
  let env: TestEnv;
  afterEach(() => env.close());

  /** Starts the server after the fakes' lists are set, so the start-up refresh sees them. */
  async function start(
    lists: { openai?: string[] | 'fail'; anthropic?: string[] | 'fail' },
    options: TestEnvOptions = {},
  ) {
    env = await startTestEnv(options);
    if (lists.openai) env.openai.setModels(lists.openai);
    if (lists.anthropic) env.anthropic.setModels(lists.anthropic);
    const cookie = await signInLocal(env.url);
    const refreshed = await request(`${env.url}/api/providers/refresh`, { method: 'POST', cookie });
    return { cookie, refreshed };
  }

  it("a local server's models are listed after the catalogue's and can be used; non-chat models are left out", async () => {
    const { cookie, refreshed } = await start({
      openai: ['llama3.2:3b', 'gpt-4o-mini', 'nomic-embed-text', 'qwen2.5:7b', 'gpt-4o'],
    });
    expect(refreshed.status).toBe(200);
    expect(ids(refreshed)).toEqual([
      ['gpt-4o', 'catalogue'],
      ['gpt-4o-mini', 'catalogue'],
      ['llama3.2:3b', 'discovered'],
      ['qwen2.5:7b', 'discovered'],
    ]);
    expect(refreshed.body.providers[0].models[0].name).toBe('GPT-4o');
    expect(Date.parse(refreshed.body.providers[0].fetchedAt)).not.toBeNaN();
    expect(refreshed.body.providers[0].listFailed).toBe(false);

    env.openai.reset();
    const res = await request(`${env.url}/api/generate`, { body: generateBody({ model: 'llama3.2:3b' }), cookie });
    expect(res.status).toBe(200);
    expect(env.openai.requests[0].body).toMatchObject({ model: 'llama3.2:3b', max_tokens: 1000, temperature: 0.7 });
    expect(env.openai.requests[0].body.messages.map((m: any) => m.role)).toEqual(['system', 'user']);

    const gone = await request(`${env.url}/api/generate`, { body: generateBody({ model: 'gpt-4' }), cookie });
    expect(gone.status).toBe(400);
    expect(gone.body.error).toBe(
      "Unknown model 'gpt-4' for OpenAI. Choose one of: gpt-4o, gpt-4o-mini, llama3.2:3b, qwen2.5:7b.",
    );
  });

  it('refresh picks up a newly pulled model; refreshing needs a session', async () => {
    const { cookie } = await start({ openai: ['llama3.2:3b'] });
    env.openai.setModels(['llama3.2:3b', 'mistral-nemo:12b']);
    expect((await request(`${env.url}/api/providers`)).body.providers[0].models).toHaveLength(1);
    expect((await request(`${env.url}/api/providers/refresh`, { method: 'POST' })).status).toBe(401);
    const after = await request(`${env.url}/api/providers/refresh`, { method: 'POST', cookie });
    expect(ids(after)).toEqual([
      ['llama3.2:3b', 'discovered'],
      ['mistral-nemo:12b', 'discovered'],
    ]);
  });

  it('a provider whose /models fails keeps the catalogue', async () => {
    const { cookie, refreshed } = await start({ openai: 'fail', anthropic: 'fail' });
    expect(ids(refreshed).every(([, source]: [string, string]) => source === 'catalogue')).toBe(true);
    expect(refreshed.body.providers[0].fetchedAt).toBeNull();
    expect(refreshed.body.providers.map((p: any) => p.listFailed)).toEqual([true, true]);
    expect((await request(`${env.url}/api/generate`, { body: generateBody({ model: 'gpt-4' }), cookie })).status).toBe(
      200,
    );
  });

  it('a listing that fails after one that worked keeps the last list and says so, until one works again', async () => {
    const { cookie } = await start({ openai: ['llama3.2:3b'] });
    env.openai.setModels('fail');
    const failed = await request(`${env.url}/api/providers/refresh`, { method: 'POST', cookie });
    expect(ids(failed)).toEqual([['llama3.2:3b', 'discovered']]);
    expect(failed.body.providers[0].listFailed).toBe(true);
    expect(failed.body.providers[0].fetchedAt).not.toBeNull();
    env.openai.setModels(['llama3.2:3b']);
    const recovered = await request(`${env.url}/api/providers/refresh`, { method: 'POST', cookie });
    expect(recovered.body.providers[0].listFailed).toBe(false);
  });

  it('OPENAI_MODELS and ANTHROPIC_MODELS pin the lists; the providers are not asked', async () => {
    const { refreshed } = await start(
      {},
      { env: { OPENAI_MODELS: 'llama3.2:3b, gpt-4o ,llama3.2:3b', ANTHROPIC_MODELS: 'claude-3-haiku-20240307' } },
    );
    expect(ids(refreshed, 0)).toEqual([
      ['llama3.2:3b', 'pinned'],
      ['gpt-4o', 'pinned'],
    ]);
    expect(ids(refreshed, 1)).toEqual([['claude-3-haiku-20240307', 'pinned']]);
    expect(refreshed.body.providers[1].models[0].name).toBe('Claude 3 Haiku');
    expect(env.openai.modelListings).toBe(0);
    expect(env.anthropic.modelListings).toBe(0);
  });

  it("Anthropic: discovered models keep the provider's display names", async () => {
    const { cookie, refreshed } = await start({
      anthropic: ['claude-3-5-haiku-20241022', 'claude-sonnet-4-5-20250929'],
    });
    expect(refreshed.body.providers[1].models.map((m: any) => [m.id, m.name, m.source])).toEqual([
      ['claude-3-5-haiku-20241022', 'Claude 3.5 Haiku', 'catalogue'],
      ['claude-sonnet-4-5-20250929', 'claude sonnet 4 5', 'discovered'],
    ]);
    const res = await request(`${env.url}/api/claude`, {
      body: { model: 'claude-sonnet-4-5-20250929', systemPrompt: 's', userPrompt: 'u' },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(env.anthropic.requests.at(-1)?.body.model).toBe('claude-sonnet-4-5-20250929');
  });

  it('a discovered o-series model gets the o1 request shape', async () => {
    const { cookie } = await start({ openai: ['o3-mini'] });
    env.openai.reset();
    await request(`${env.url}/api/generate`, { body: generateBody({ model: 'o3-mini' }), cookie });
    expect(env.openai.requests[0].body).toMatchObject({
      model: 'o3-mini',
      max_completion_tokens: 1000,
      temperature: 1,
    });
    expect(env.openai.requests[0].body.messages).toHaveLength(1);
  });

  it("TRIAL_MODEL and TEST_MODEL let a deployment on a local server work without OpenAI's names", async () => {
    const { cookie, refreshed } = await start(
      { openai: ['llama3.2:3b'] },
      { env: { TRIAL_MODEL: 'llama3.2:1b', TEST_MODEL: 'llama3.2:3b', TRIAL_LIMIT_PER_IP: '100' } },
    );
    expect(refreshed.body).toMatchObject({ trialModel: 'llama3.2:1b', testModel: 'llama3.2:3b' });
    env.openai.reset();
    const trial = await request(`${env.url}/api/trial/optimize`, { body: { prompt: 'a poem' } });
    expect(trial.status).toBe(200);
    expect(env.openai.requests[0].body).toMatchObject({ model: 'llama3.2:1b', max_tokens: 500, temperature: 0.7 });
    expect(
      (await request(`${env.url}/api/generate`, { body: generateBody({ model: 'llama3.2:3b' }), cookie })).status,
    ).toBe(200);
  });
});
