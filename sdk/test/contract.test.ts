/**
 * The SDK's types against the API contract: FetchedPrompt is exactly what the OpenAPI document says
 * GET /api/prompts/{name} answers (checked by the type check), and a prompt fetched from a real server
 * carries exactly the documented fields.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { FetchedPromptSchema } from 'proxy-server/src/openapi/responses';
import { request, signInLocal, startTestEnv, type TestEnv } from 'proxy-server/test/helpers';
import { createPromptClient, type FetchedPrompt, type Prompt, PromptFetchError } from '../src/index';

type Documented = (typeof FetchedPromptSchema)['_output'];

describe('@prompt-perfect/sdk and the OpenAPI document', () => {
  let env: TestEnv;
  let token: string;
  beforeAll(async () => {
    env = await startTestEnv();
    const cookie = await signInLocal(env.url, 'Ada', 'ada@example.com');
    token = (await request(`${env.url}/api/tokens`, { body: { name: 'app', scopes: ['read', 'run'] }, cookie })).body
      .token;
    await request(`${env.url}/api/prompts/greeting/versions`, {
      body: { text: 'Hello {{name}}.' },
      headers: { authorization: `Bearer ${token}` },
    });
  });
  afterAll(() => env.close());

  it('FetchedPrompt is the documented answer, field for field and type for type', () => {
    expectTypeOf<FetchedPrompt>().toEqualTypeOf<Documented>();
    expectTypeOf<Omit<Prompt, 'source' | 'compile'>>().toEqualTypeOf<Documented>();
  });

  it('a fetched prompt has the fields the served document lists, all of them required', async () => {
    const doc = (await request(`${env.url}/api/openapi.json`)).body;
    const schema = doc.components.schemas.FetchedPrompt;
    const { source, compile, ...fetched } = await createPromptClient({ baseUrl: env.url, token }).getPrompt('greeting');
    expect(source).toBe('server');
    expect(typeof compile).toBe('function');
    expect(Object.keys(fetched).sort()).toEqual(Object.keys(schema.properties).sort());
    expect([...schema.required].sort()).toEqual(Object.keys(schema.properties).sort());
    expect(Object.keys(fetched.config).sort()).toEqual(Object.keys(schema.properties.config.properties).sort());
  });

  it("a refusal carries the server's status and documented error code", async () => {
    const missing = createPromptClient({ baseUrl: env.url, token }).getPrompt('no-such-prompt');
    await expect(missing).rejects.toThrow(PromptFetchError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: 'not_found' });
    const revoked = createPromptClient({ baseUrl: env.url, token: 'pp_not-a-token' }).getPrompt('greeting');
    await expect(revoked).rejects.toMatchObject({ status: 401, code: 'token_invalid' });
  });
});
