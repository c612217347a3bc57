/**
 * The SDK against a real proxy-server on 127.0.0.1: fetch by label, the TTL cache, serving stale
 * while refreshing (with If-None-Match), the stale copy and the fallback while the server is down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from 'proxy-server/test/helpers';
import { createPromptClient, MissingVariableError, PromptFetchError } from '../src/index';

describe('@prompt-perfect/sdk against a running server', () => {
  let env: TestEnv;
  let ada: string;
  let token: string;
  let clock = 0;
  const seen: string[] = [];
  /** The real fetch, noting each request's If-None-Match so a test can see what went over the wire. */
  const watchedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    seen.push(`${String(input).replace(env.url, '')} ${headers.get('if-none-match') ? 'revalidate' : 'full'}`);
    return fetch(input, init);
  };
  const api = (path: string, body: unknown, method = 'POST') =>
    request(`${env.url}/api${path}`, { method, body, cookie: ada });
  const client = (over: Partial<Parameters<typeof createPromptClient>[0]> = {}) =>
    createPromptClient({ baseUrl: env.url, token, ttlMs: 1_000, now: () => clock, fetch: watchedFetch, ...over });

  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    token = (await api('/tokens', { name: 'app', scopes: ['read'] })).body.token;
    await api('/prompts/greeting/versions', { text: 'Hello {{name}}.', model: 'gpt-4o-mini' });
    await api('/prompts/greeting/versions', { text: 'Good day, {{name}}!' });
    await api('/prompts/greeting/labels/production', { version: 1 }, 'PUT');
  });
  afterAll(() => env.close());

  it('fetches by label, compiles, and serves from memory within the TTL', async () => {
    seen.length = 0;
    const prompts = client();
    const first = await prompts.getPrompt('greeting', { label: 'production' });
    expect(first).toMatchObject({
      source: 'server',
      version: 1,
      label: 'production',
      variables: ['name'],
      config: { model: 'gpt-4o-mini' },
    });
    expect(first.compile({ name: 'Ada' })).toBe('Hello Ada.');
    expect(() => first.compile({})).toThrow(MissingVariableError);
    clock += 999;
    expect((await prompts.getPrompt('greeting', { label: 'production' })).source).toBe('cache');
    expect((await prompts.getPrompt('greeting', { version: 2 })).text).toBe('Good day, {{name}}!');
    expect(seen).toEqual(['/api/prompts/greeting?label=production full', '/api/prompts/greeting?version=2 full']);
  });

  it('past the TTL serves the stale copy at once and refreshes it in the background', async () => {
    seen.length = 0;
    const prompts = client();
    await prompts.getPrompt('greeting', { label: 'production' });
    clock += 1_000;
    expect((await prompts.getPrompt('greeting', { label: 'production' })).source).toBe('stale');
    await prompts.settle();
    expect(seen.at(-1)).toBe('/api/prompts/greeting?label=production revalidate');
    expect((await prompts.getPrompt('greeting', { label: 'production' })).source).toBe('cache');

    await api('/prompts/greeting/labels/production', { version: 2 }, 'PUT');
    clock += 1_000;
    expect((await prompts.getPrompt('greeting', { label: 'production' })).version).toBe(1);
    await prompts.settle();
    const moved = await prompts.getPrompt('greeting', { label: 'production' });
    expect(moved).toMatchObject({ source: 'cache', version: 2 });
    expect(moved.compile({ name: 'Grace' })).toBe('Good day, Grace!');
    await api('/prompts/greeting/labels/production/undo', {});
  });

  it('while the server is down: the stale copy, else the fallback; mistakes (404) still throw', async () => {
    const prompts = client();
    const errors: Error[] = [];
    const withErrors = client({ onError: (e) => errors.push(e) });
    await withErrors.getPrompt('greeting', { label: 'production' });
    await expect(prompts.getPrompt('missing', { label: 'production', fallback: 'x' })).rejects.toMatchObject({
      status: 404,
      message: "No prompt named 'missing'.",
    });

    await env.server.close();
    try {
      clock += 5_000;
      const stale = await withErrors.getPrompt('greeting', { label: 'production' });
      expect(stale).toMatchObject({ source: 'stale', text: 'Hello {{name}}.' });
      await withErrors.settle();
      expect(errors[0]).toBeInstanceOf(PromptFetchError);

      const fallback = await prompts.getPrompt('greeting', { label: 'production', fallback: 'Hi {{name}}' });
      expect(fallback).toMatchObject({ source: 'fallback', version: 0, variables: ['name'] });
      expect(fallback.compile({ name: 'Ada' })).toBe('Hi Ada');
      await expect(prompts.getPrompt('greeting', { label: 'production' })).rejects.toBeInstanceOf(PromptFetchError);
    } finally {
      await env.restart();
    }
  });

  it('a token without the read scope is refused with the server’s words', async () => {
    const runOnly = (await api('/tokens', { name: 'runner', scopes: ['run'] })).body.token;
    await expect(
      client({ token: runOnly }).getPrompt('greeting', { label: 'production', fallback: 'x' }),
    ).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("lacks the 'read' scope"),
    });
  });
});
