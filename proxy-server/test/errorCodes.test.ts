/**
 * Typed errors: every refusal names one of the API's documented codes in the Error-Code header, with
 * the status that code has; the JSON body keeps its `{ error }` shape. One request per kind of error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, type ApiErrorCode, ERROR_CODE_HEADER } from '@prompt-perfect/core/api/errorCodes';
import { openApiDocument } from '../src/openapi/document';
import { generateBody, request, send, signInLocal, startTestEnv, type TestEnv } from './helpers';

const CLAUDE = 'claude-3-5-haiku-20241022';

let env: TestEnv;
let cookie: string;
beforeAll(async () => {
  env = await startTestEnv({
    anthropicKey: false,
    env: { TRIAL_LIMIT_PER_IP: '1', RATE_LIMIT_TRIAL_PER_IP: '3', PROVIDER_TIMEOUT_MS: '300' },
  });
  cookie = await signInLocal(env.url);
});
afterAll(() => env.close());

interface Answer {
  status: number;
  body: any;
  code: string | null;
}
const viaFetch = async (path: string, init: Parameters<typeof request>[1] = {}): Promise<Answer> => {
  const res = await request(`${env.url}${path}`, init);
  return { status: res.status, body: res.body, code: res.headers.get(ERROR_CODE_HEADER) };
};
const viaHttp = async (path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> => {
  const res = await send(env.url, path, headers, body);
  return { status: res.status, body: res.body, code: (res.headers[ERROR_CODE_HEADER.toLowerCase()] as string) ?? null };
};

/** The answer carries `code` with its documented status, and the body is still `{error, ...}`. */
function expectCode(answer: Answer, code: ApiErrorCode) {
  expect(answer.code, JSON.stringify(answer.body)).toBe(code);
  expect(answer.status).toBe(API_ERROR_CODES[code].status);
  expect(typeof answer.body?.error).toBe('string');
  expect(answer.body).not.toHaveProperty('code');
}

describe('Error-Code: one documented code per kind of refusal', () => {
  it('400: a field that is not valid, and a body that is not JSON', async () => {
    expectCode(await viaFetch('/api/lint', { body: { prompt: 42 } }), 'invalid_request');
    const malformed = await viaFetch('/api/lint', {
      rawBody: '{"prompt":',
      headers: { 'content-type': 'application/json' },
    });
    expectCode(malformed, 'invalid_body');
    expect(malformed.body).toEqual({ error: 'Request body must be valid JSON.' });
  });

  it('401: no session, and a personal token that is not valid', async () => {
    expectCode(await viaFetch('/api/tokens'), 'sign_in_required');
    expectCode(
      await viaFetch('/api/prompts', { headers: { authorization: 'Bearer pp_not-a-token' } }),
      'token_invalid',
    );
  });

  it("403: a token without the scope, a cross-site POST, and a visitor's trial used up", async () => {
    const created = await viaFetch('/api/tokens', { body: { name: 'reader', scopes: ['read'] }, cookie });
    const reader = { authorization: `Bearer ${created.body.token}` };
    const write = await viaFetch('/api/prompts/support-reply/versions', { body: { text: 'Hi' }, headers: reader });
    expectCode(write, 'scope_missing');

    const crossSite = await viaHttp('/api/generate', { cookie, 'sec-fetch-site': 'cross-site' }, generateBody());
    expectCode(crossSite, 'cross_site');

    expect((await viaFetch('/api/trial/optimize', { body: { prompt: 'a first prompt' } })).status).toBe(200);
    const exhausted = await viaFetch('/api/trial/optimize', { body: { prompt: 'a second prompt' } });
    expectCode(exhausted, 'trial_exhausted');
    expect(exhausted.body.remaining).toBe(0);
  });

  it('404: no such route, no such prompt, no such page', async () => {
    expectCode(await viaFetch('/api/no-such-thing'), 'not_found');
    expectCode(await viaFetch('/api/prompts/missing-one', { cookie }), 'not_found');
    expectCode(await viaFetch('/assets/app.js.map'), 'not_found');
  });

  it('409: the most tokens an account keeps', async () => {
    const other = await signInLocal(env.url, 'Grace', 'grace@example.com');
    for (let i = 0; i < 20; i++)
      expect((await viaFetch('/api/tokens', { body: { name: `t${i}` }, cookie: other })).status).toBe(201);
    expectCode(await viaFetch('/api/tokens', { body: { name: 'one more' }, cookie: other }), 'limit_reached');
  });

  it('413, 415 and 421: a body too large, an encoding the server does not read, a foreign host name', async () => {
    expectCode(await viaFetch('/api/lint', { body: { prompt: 'x'.repeat(70_000) } }), 'payload_too_large');
    const compressed = await viaFetch('/api/lint', {
      rawBody: '{}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
    });
    expectCode(compressed, 'unsupported_media_type');
    expectCode(await viaHttp('/api/lint', { host: 'attacker.example' }, { prompt: 'x' }), 'misdirected_request');
  });

  it('429: too many requests from one address', async () => {
    // The trial limiter allows 3 requests a window: two were made above.
    await viaFetch('/api/trial/optimize', { body: { prompt: 'a third prompt' } });
    expectCode(await viaFetch('/api/trial/optimize', { body: { prompt: 'a fourth prompt' } }), 'rate_limited');
  });

  it('502, 429, 504 and 503: the provider failed, limited, stalled, or has no key', async () => {
    env.openai.respondWith({ kind: 'status', status: 500, message: 'boom' });
    expectCode(await viaFetch('/api/generate', { body: generateBody(), cookie }), 'upstream_error');

    env.openai.respondWith({ kind: 'status', status: 429, message: 'slow down', headers: { 'retry-after': '7' } });
    const limited = await request(`${env.url}/api/generate`, { body: generateBody(), cookie });
    expectCode(
      { status: limited.status, body: limited.body, code: limited.headers.get(ERROR_CODE_HEADER) },
      'upstream_rate_limited',
    );
    expect(limited.headers.get('retry-after')).toBe('7');

    env.openai.respondWith({ kind: 'slow', delayMs: 2_000 });
    expectCode(await viaFetch('/api/generate', { body: generateBody(), cookie }), 'upstream_timeout');

    const anthropic = await viaFetch('/api/generate', {
      body: generateBody({ provider: 'anthropic', model: CLAUDE }),
      cookie,
    });
    expectCode(anthropic, 'provider_not_configured');
  });
});

describe('the OpenAPI document', () => {
  it('documents the Error-Code header of every refusal, with the codes of its status', () => {
    type Response = { headers?: Record<string, any>; content?: Record<string, { schema?: { $ref?: string } }> };
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
    };
    // The health check's 503 is an answer of its own (not ready), not a refusal.
    const refusals = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => Object.entries(op.responses))
      .filter(([, answer]) => answer.content?.['application/json']?.schema?.$ref === '#/components/schemas/Error');
    expect(refusals.length).toBeGreaterThan(50);
    for (const [status, answer] of refusals) {
      const codes: string[] = answer.headers?.[ERROR_CODE_HEADER]?.schema?.enum ?? [];
      expect(codes.length, status).toBeGreaterThan(0);
      for (const code of codes) expect(API_ERROR_CODES[code as ApiErrorCode].status).toBe(Number(status));
    }
  });
});
