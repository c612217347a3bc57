/** /api/prompts: named prompts over HTTP: ownership, token scopes, ETag/304, label moves, undo and protection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

describe('/api/prompts', () => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  const api = (
    path: string,
    cookie: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => request(`${env.url}/api${path}`, { ...init, cookie });
  const tokenWith = async (scopes: string[]) => ({
    authorization: `Bearer ${(await api('/tokens', ada, { body: { name: scopes.join('+'), scopes } })).body.token}`,
  });

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
  });
  afterAll(() => env.close());

  it('needs a session or a token: 401', async () => {
    for (const [method, path] of [
      ['GET', '/prompts'],
      ['GET', '/prompts/x'],
      ['POST', '/prompts/x/versions'],
      ['PUT', '/prompts/x/labels/production'],
    ]) {
      expect(
        (await request(`${env.url}/api${path}`, { method, body: method === 'GET' ? undefined : {} })).status,
        path,
      ).toBe(401);
    }
  });

  it('save versions, fetch by label or version with an ETag; If-None-Match gives 304 until the label moves', async () => {
    const first = await api('/prompts/welcome-mail/versions', ada, {
      body: {
        text: 'Welcome {{name}} to {{product}}.',
        message: 'first cut',
        technique: 'zero-shot',
        provider: 'openai',
        model: 'gpt-4o',
        options: { tone: 'Warm' },
      },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: 1, variables: ['name', 'product'], createdBy: 'Ada' });
    await api('/prompts/welcome-mail/versions', ada, { body: { text: 'Hi {{name}}!' } });
    expect(
      (await api('/prompts/welcome-mail/labels/production', ada, { method: 'PUT', body: { version: 1 } })).status,
    ).toBe(200);

    const fetched = await api('/prompts/welcome-mail?label=production', ada);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({
      name: 'welcome-mail',
      version: 1,
      label: 'production',
      text: 'Welcome {{name}} to {{product}}.',
      variables: ['name', 'product'],
      config: { technique: 'zero-shot', provider: 'openai', model: 'gpt-4o', options: { tone: 'Warm' } },
      message: 'first cut',
      createdAt: first.body.createdAt,
    });
    const etag = fetched.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await api('/prompts/welcome-mail?label=production', ada, {
      headers: { 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await api('/prompts/welcome-mail?version=2', ada)).body).toMatchObject({
      version: 2,
      label: null,
      text: 'Hi {{name}}!',
    });
    expect((await api('/prompts/welcome-mail', ada)).body.version).toBe(2);

    await api('/prompts/welcome-mail/labels/production', ada, { method: 'PUT', body: { version: 2 } });
    const moved = await api('/prompts/welcome-mail?label=production', ada, {
      headers: { 'if-none-match': etag as string },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(2);
    expect(moved.headers.get('etag')).not.toBe(etag);

    expect((await api('/prompts', ada)).body.items).toEqual([
      expect.objectContaining({ name: 'welcome-mail', latestVersion: 2, labels: { production: 2 } }),
    ]);
  });

  it("another account's prompt is a 404, read or write", async () => {
    await api('/prompts/private-one/versions', ada, { body: { text: 'secret' } });
    for (const [method, path, body] of [
      ['GET', '/prompts/private-one', undefined],
      ['GET', '/prompts/private-one/versions', undefined],
      ['GET', '/prompts/private-one/labels', undefined],
      ['PUT', '/prompts/private-one/labels/production', { version: 1 }],
      ['POST', '/prompts/private-one/labels/production/undo', {}],
    ] as const) {
      const res = await api(path, grace, { method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("No prompt named 'private-one'.");
    }
    expect((await api('/prompts', grace)).body.items).toEqual([]);
  });

  it('a read token fetches but cannot save or move; a run token can', async () => {
    await api('/prompts/scoped/versions', ada, { body: { text: 'v1' } });
    const read = await tokenWith(['read']);
    const run = await tokenWith(['read', 'run']);
    expect((await request(`${env.url}/api/prompts/scoped`, { headers: read })).body.text).toBe('v1');
    const refused = await request(`${env.url}/api/prompts/scoped/versions`, { headers: read, body: { text: 'v2' } });
    expect(refused).toMatchObject({ status: 403, body: { error: expect.stringContaining("lacks the 'run' scope") } });
    expect(
      (
        await request(`${env.url}/api/prompts/scoped/labels/production`, {
          method: 'PUT',
          headers: read,
          body: { version: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await request(`${env.url}/api/prompts/scoped/versions`, { headers: run, body: { text: 'v2' } })).status,
    ).toBe(201);
    expect((await api('/prompts/scoped/versions', ada)).body.items.map((x: any) => x.text)).toEqual(['v2', 'v1']);
  });

  it('label moves are recorded and undone; a protected label asks for confirm', async () => {
    for (const text of ['a', 'b', 'c']) await api('/prompts/guarded/versions', ada, { body: { text } });
    await api('/prompts/guarded/labels/production', ada, { method: 'PUT', body: { version: 1, protected: true } });
    const refused = await api('/prompts/guarded/labels/production', ada, { method: 'PUT', body: { version: 3 } });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: `The label 'production' is protected: send "confirm": true to move it.` },
    });
    expect((await api('/prompts/guarded?label=production', ada)).body.version).toBe(1);
    const moved = await api('/prompts/guarded/labels/production', ada, {
      method: 'PUT',
      body: { version: 3, confirm: true },
    });
    expect(moved.body.moves[0]).toMatchObject({
      label: 'production',
      fromVersion: 1,
      toVersion: 3,
      movedBy: 'Ada',
      undo: false,
    });
    expect((await api('/prompts/guarded/labels/production/undo', ada, { body: {} })).status).toBe(409);
    const undone = await api('/prompts/guarded/labels/production/undo', ada, { body: { confirm: true } });
    expect(undone.body.labels).toEqual([expect.objectContaining({ label: 'production', version: 1, protected: true })]);
    expect((await api('/prompts/guarded?label=production', ada)).body.text).toBe('a');
    expect((await api('/prompts/guarded/labels/beta/undo', ada, { body: {} })).body.error).toBe(
      "The label 'beta' has not moved: there is nothing to undo.",
    );
  });

  it('bad input is refused with a clear message and changes nothing', async () => {
    expect((await api('/prompts/Bad Name/versions', ada, { body: { text: 'x' } })).body.error).toMatch(
      /^A prompt name uses lowercase letters/,
    );
    expect((await api('/prompts/empty/versions', ada, { body: { text: ' ' } })).body.error).toBe(
      "Field 'text' must not be empty.",
    );
    expect((await api('/prompts/empty', ada)).status).toBe(404);
    await api('/prompts/checked/versions', ada, { body: { text: 'x' } });
    expect((await api('/prompts/checked?label=a&version=1', ada)).body.error).toBe(
      'Ask for a label or a version, not both.',
    );
    expect((await api('/prompts/checked?version=0', ada)).status).toBe(400);
    expect((await api('/prompts/checked?label=nope', ada)).body.error).toBe(
      "The prompt 'checked' has no label 'nope'.",
    );
    expect(
      (await api('/prompts/checked/labels/production', ada, { method: 'PUT', body: { version: 7 } })).body.error,
    ).toBe("The prompt 'checked' has no version 7.");
    expect(
      (await api('/prompts/checked/labels/production', ada, { method: 'PUT', body: { version: 'one' } })).body.error,
    ).toBe("Field 'version' must be a number.");
    expect((await api('/prompts/checked/labels', ada)).body).toEqual({ labels: [], moves: [] });
  });
});
