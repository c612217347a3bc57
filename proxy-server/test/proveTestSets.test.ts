/** /api/test-sets and /api/tokens: per-user storage, validation, drafting, and personal API tokens. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, send, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { MODEL, simulatedSet } from './proveHelpers';

describe('/api/test-sets', () => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  const api = (
    path: string,
    cookie: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => request(`${env.url}/api${path}`, { ...init, cookie });

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.openai.reset();
    env.openai.simulateAnswers(true);
  });

  it('needs a session or a token: 401 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/test-sets'],
      ['POST', '/test-sets'],
      ['POST', '/test-sets/draft'],
      ['POST', '/evaluations'],
      ['POST', '/optimizations'],
      ['GET', '/tokens'],
    ]) {
      const res = await request(`${env.url}/api${path}`, { method, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('create, list, read, update and delete; another user sees none of it and gets 404', async () => {
    const created = await api('/test-sets', ada, { body: simulatedSet(12) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      name: 'Hiking help desk',
      cases: simulatedSet(12).cases,
    });
    const id = created.body.id;
    expect((await api('/test-sets', ada)).body.items).toEqual([
      { id, name: 'Hiking help desk', caseCount: 12, updatedAt: created.body.updatedAt },
    ]);
    expect((await api(`/test-sets/${id}`, ada)).body.rubric).toBe(simulatedSet().rubric);

    const renamed = await api(`/test-sets/${id}`, ada, {
      method: 'PUT',
      body: { ...simulatedSet(8), name: 'Renamed' },
    });
    expect(renamed.body).toMatchObject({ id, name: 'Renamed' });
    expect(renamed.body.cases).toHaveLength(8);

    expect((await api('/test-sets', grace)).body.items).toEqual([]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', simulatedSet(4)],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(`/test-sets/${id}`, grace, { method, body });
      expect(res.status, method).toBe(404);
      expect(res.body.error).toBe('That test set is not in your account (it may have been deleted).');
    }
    expect((await api(`/test-sets/${id}`, ada)).body.name).toBe('Renamed');
    expect((await api(`/test-sets/${id}`, ada, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/test-sets/${id}`, ada)).status).toBe(404);
  });

  it('bad input: 400 with a clear message, nothing saved', async () => {
    const good = simulatedSet(4);
    for (const [bad, message] of [
      [{ ...good, name: ' ' }, "Field 'name' must not be empty."],
      [{ ...good, rubric: undefined }, "Field 'rubric' is required."],
      [{ ...good, cases: [good.cases[0], good.cases[0]] }, "Field 'cases' must not repeat a case id."],
      [{ ...good, cases: [{ id: 'a b', input: 'x' }] }, "Field 'cases.0.id' must be 1-40 letters, digits, - or _."],
      [{ ...good, cases: [{ id: 'a', input: '' }] }, "Field 'cases.0.input' must not be empty."],
      [
        { ...good, cases: [{ id: 'a', input: 'x'.repeat(4001) }] },
        "Field 'cases.0.input' is too long (at most 4000 characters).",
      ],
      [{ ...good, owner: 'me' }, "Unknown field: 'owner'."],
    ] as const) {
      const res = await api('/test-sets', ada, { body: bad });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await api('/test-sets/abc', ada)).body.error).toBe('The id must be a whole number.');
    expect((await api('/test-sets', ada)).body.items).toEqual([]);
  });

  it('a set of the most cases allowed saves even past the 64 KB body limit of other calls; one more is refused', async () => {
    const cases = Array.from({ length: 100 }, (_, i) => ({ id: `c${i + 1}`, input: `${'word '.repeat(200)}${i}` }));
    const res = await api('/test-sets', ada, { body: { ...simulatedSet(), cases } });
    expect(res.status).toBe(201);
    expect(res.body.cases).toHaveLength(100);
    const tooMany = await api('/test-sets', ada, {
      body: { ...simulatedSet(), cases: [...cases, { id: 'extra', input: 'x' }] },
    });
    expect(tooMany).toMatchObject({ status: 400, body: { error: "Field 'cases' must hold at most 100 items." } });
    await api(`/test-sets/${res.body.id}`, ada, { method: 'DELETE' });
  });

  it('draft: the model drafts the asked number of cases and a rubric; nothing is saved', async () => {
    const res = await api('/test-sets/draft', ada, {
      body: { ...MODEL, task: 'Answer customer questions for our hiking gear shop.', count: 12 },
    });
    expect(res.status).toBe(200);
    expect(res.body.cases).toHaveLength(12);
    expect(res.body.cases[0]).toMatchObject({ id: 'c1', input: expect.any(String), expected: expect.any(String) });
    expect(res.body.rubric).toMatch(/JSON/);
    expect((await api('/test-sets', ada)).body.items).toEqual([]);
    const bad = await api('/test-sets/draft', ada, { body: { ...MODEL, task: 'x', count: 3 } });
    expect(bad).toMatchObject({ status: 400, body: { error: "Field 'count' must be at least 8." } });
  });

  it('draft: an answer that is not the JSON asked for is a 502 with a clear message', async () => {
    env.openai.respondWith({ kind: 'text', text: 'Sure! Here are some ideas for tests.' });
    const res = await api('/test-sets/draft', ada, { body: { ...MODEL, task: 'Summarize articles.' } });
    expect(res).toMatchObject({
      status: 502,
      body: {
        error: 'The model did not answer with JSON {"rubric": "...", "cases": [...]}. Try again or another model.',
      },
    });
  });

  it('a personal API token works on the [prove] endpoints only, from anywhere, until it is revoked', async () => {
    const created = await api('/tokens', ada, { body: { name: 'CI' } });
    expect(created.status).toBe(201);
    const { token, info } = created.body;
    expect(token).toMatch(/^pp_/);
    expect(info).toMatchObject({ name: 'CI', scopes: ['read', 'run'], lastUsedAt: null });
    const bearer = { authorization: `Bearer ${token}` };

    const saved = await request(`${env.url}/api/test-sets`, { body: simulatedSet(4, 'Via token'), headers: bearer });
    expect(saved.status).toBe(201);
    expect((await api('/test-sets', ada)).body.items.map((s: any) => s.name)).toContain('Via token');
    // A Bearer call carries no cookie: a cross-site Origin does not make it a forgery.
    const crossSite = await send(
      env.url,
      '/api/test-sets',
      { ...bearer, origin: 'https://elsewhere.example' },
      simulatedSet(4, 'Cross'),
    );
    expect(crossSite.status).toBe(201);

    expect((await request(`${env.url}/api/me/settings`, { headers: bearer })).status).toBe(401);
    expect((await request(`${env.url}/api/tokens`, { headers: bearer })).status).toBe(401);
    expect((await api('/tokens', grace)).body.items).toEqual([]);
    expect((await api(`/tokens/${info.id}`, grace, { method: 'DELETE' })).status).toBe(404);
    const listed = (await api('/tokens', ada)).body.items;
    expect(listed).toEqual([{ ...info, lastUsedAt: expect.any(String) }]);
    expect(JSON.stringify(listed)).not.toContain(token);

    expect((await api(`/tokens/${info.id}`, ada, { method: 'DELETE' })).status).toBe(204);
    const revoked = await request(`${env.url}/api/test-sets`, { headers: bearer });
    expect(revoked).toMatchObject({
      status: 401,
      body: { error: 'That API token is not valid (it may have been revoked). Create a new one in Settings.' },
    });
    expect((await api('/tokens', ada, { body: { name: '' } })).body.error).toBe("Field 'name' must not be empty.");
  });

  it('a token does only what its scopes allow: read for GET, run for model calls and changes', async () => {
    const make = async (scopes: string[]) =>
      (await api('/tokens', ada, { body: { name: scopes.join('+'), scopes } })).body;
    const reader = await make(['read']);
    const runner = await make(['run']);
    expect(reader.info.scopes).toEqual(['read']);
    const as = (t: { token: string }) => ({ authorization: `Bearer ${t.token}` });

    expect((await request(`${env.url}/api/test-sets`, { headers: as(reader) })).status).toBe(200);
    expect((await request(`${env.url}/api/me/history`, { headers: as(reader) })).status).toBe(200);
    const refused = await request(`${env.url}/api/test-sets`, {
      body: simulatedSet(4, 'Not saved'),
      headers: as(reader),
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error:
          "This API token may not run models or change your data: it lacks the 'run' scope. Create a token with 'run' in Settings.",
      },
    });
    const generate = { ...MODEL, systemPrompt: 'Be brief.', userPrompt: 'Say hi' };
    expect((await request(`${env.url}/api/generate`, { body: generate, headers: as(reader) })).status).toBe(403);
    expect(env.openai.requests).toHaveLength(0);
    expect((await api('/test-sets', ada)).body.items.map((s: any) => s.name)).not.toContain('Not saved');

    expect((await request(`${env.url}/api/generate`, { body: generate, headers: as(runner) })).status).toBe(200);
    expect((await request(`${env.url}/api/test-sets`, { headers: as(runner) })).body.error).toMatch(
      /lacks the 'read' scope/,
    );
    expect((await request(`${env.url}/api/me/settings`, { headers: as(runner) })).status).toBe(401);

    const bad = await api('/tokens', ada, { body: { name: 'Nothing', scopes: [] } });
    expect(bad).toMatchObject({ status: 400, body: { error: "Field 'scopes' must not be empty." } });
    expect((await api('/tokens', ada, { body: { name: 'Admin', scopes: ['admin'] } })).status).toBe(400);
  });
});
