/**
 * The API contract: GET /api/openapi.json is OpenAPI 3.1 and names every route the app serves, with
 * its access, scopes and refusals; real answers match the documented schemas field for field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '@prompt-perfect/test-support/packages/scratch';
import { REPO_ROOT } from '../src/config';
import { OPERATIONS } from '../src/openapi/document';
import { REST_API_DOC_PATH, restApiMarkdown } from '../src/openapi/markdown';
import { expressRoutes } from './expressRoutes';
import { request, signInLocal, startTestEnv, type TestEnv } from './helpers';

/** Pages and files for browsers, not the API: the shell, crawlers, the visitor form without script. */
const NOT_API = [
  'GET /',
  'GET /index.html',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /runtime-config.json',
  'POST /trial/perfect',
];

let env: TestEnv;
let cookie: string;
let token: string;
beforeAll(async () => {
  env = await startTestEnv();
  cookie = await signInLocal(env.url, 'Ada', 'ada@example.com');
  token = (await request(`${env.url}/api/tokens`, { body: { name: 'docs', scopes: ['read', 'run'] }, cookie })).body
    .token;
});
afterAll(() => env.close());

const documented = () => OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with both ways in and every operation described', async () => {
    const res = await request(`${env.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    // A maintained validator against the OpenAPI 3.1 schema: a malformed document throws here.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['adminToken', 'apiToken', 'session']);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, any>).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations).toHaveLength(OPERATIONS.length);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toMatch(/\*\*Access:\*\*/);
      expect(Array.isArray(op.security), where).toBe(true);
      expect(op.responses['429'], where).toBeDefined();
      if (op.security.length > 0) expect(op.responses['401'], where).toBeDefined();
      if (op.requestBody) expect(op.requestBody.content['application/json'].example, where).toBeDefined();
    }
    const fetchPrompt = doc.paths['/api/prompts/{name}'].get;
    expect(fetchPrompt.security).toEqual([{ session: [] }, { apiToken: ['read'] }]);
    expect(Object.keys(fetchPrompt.responses)).toEqual(['200', '304', '400', '401', '403', '404', '429']);
    expect(doc.paths['/api/prompts/{name}/labels/{label}'].put.security).toEqual([
      { session: [] },
      { apiToken: ['run'] },
    ]);
    expect(doc.paths['/api/tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.components.schemas.FetchedPrompt.example.name).toBe('support-reply');
  });

  it('documents every route the app serves, and no route it does not', () => {
    const served = expressRoutes(env.server.handle.app).filter((r) => !NOT_API.includes(r));
    const listed = documented().flatMap((r) => (r.startsWith('POST /mcp') ? [r, 'ALL /mcp'] : [r]));
    const missing = served.filter((r) => !listed.includes(r));
    expect(missing, `add these routes to proxy-server/src/openapi/paths: ${missing.join(', ')}`).toEqual([]);
    const stale = documented().filter((r) => !served.includes(r) && !served.includes(`ALL ${r.split(' ')[1]}`));
    expect(stale).toEqual([]);
    expect(NOT_API.every((r) => expressRoutes(env.server.handle.app).includes(r))).toBe(true);
  });
});

it('docs/rest-api.md is what the document generates (run `npm run docs:api` after changing a route)', async () => {
  // Formatted by the same formatter the script uses (it also formats the JSON examples inside); run
  // without blocking, as the server under test shares this process.
  const formatted = await run(
    path.join(REPO_ROOT, 'node_modules/.bin/biome'),
    ['format', `--stdin-file-path=${REST_API_DOC_PATH}`],
    { cwd: REPO_ROOT, input: restApiMarkdown() },
  );
  expect(formatted.stderr).toBe('');
  expect(readFileSync(path.join(REPO_ROOT, REST_API_DOC_PATH), 'utf8')).toBe(formatted.stdout);
});

describe('real answers match the documented schemas, field for field', () => {
  const schemaOf = (method: string, path: string, status = 200): z.ZodType => {
    const op = OPERATIONS.find((o) => o.method === method && o.path === path);
    const answer = [op?.ok ?? []].flat().find((a) => a.status === status);
    if (!answer?.schema) throw new Error(`no documented ${status} answer for ${method} ${path}`);
    return answer.schema;
  };
  /** Parses with the schema (types right) and compares with the original (nothing undocumented dropped). */
  const matches = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);

  it('for the registry, tokens, test sets and the account', async () => {
    const api = (path: string, body?: unknown, method?: string) =>
      request(`${env.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}` } });
    const saved = await api('/api/prompts/greeting/versions', { text: 'Hello {{name}}.', model: 'gpt-4o-mini' });
    expect(saved.status).toBe(201);
    matches(schemaOf('post', '/api/prompts/{name}/versions', 201), saved.body);
    const moved = await api('/api/prompts/greeting/labels/production', { version: 1 }, 'PUT');
    matches(schemaOf('put', '/api/prompts/{name}/labels/{label}'), moved.body);
    const set = await api('/api/test-sets', {
      name: 'Help desk',
      prompt: 'Answer.',
      rubric: 'Short.',
      cases: [{ id: 'c1', input: 'Hi?', expected: 'Hello' }],
    });
    matches(schemaOf('post', '/api/test-sets', 201), set.body);

    const reads: Array<[string, string]> = [
      ['/api/prompts', '/api/prompts'],
      ['/api/prompts/greeting?label=production', '/api/prompts/{name}'],
      ['/api/prompts/greeting/versions', '/api/prompts/{name}/versions'],
      ['/api/prompts/greeting/labels', '/api/prompts/{name}/labels'],
      ['/api/prompts/_webhook', '/api/prompts/_webhook'],
      ['/api/test-sets', '/api/test-sets'],
      [`/api/test-sets/${set.body.id}`, '/api/test-sets/{id}'],
      ['/api/me/history', '/api/me/history'],
    ];
    for (const [url, path] of reads) {
      const res = await api(url);
      expect(res.status, url).toBe(200);
      matches(schemaOf('get', path), res.body);
    }
    for (const [url, path] of [
      ['/api/tokens', '/api/tokens'],
      ['/api/me/settings', '/api/me/settings'],
      ['/api/me/budget', '/api/me/budget'],
      ['/api/me/favorites', '/api/me/favorites'],
      ['/api/me/export', '/api/me/export'],
      ['/api/auth/session', '/api/auth/session'],
      ['/api/health', '/api/health'],
      ['/api/providers', '/api/providers'],
      ['/api/trial/status', '/api/trial/status'],
    ]) {
      const res = await request(`${env.url}${url}`, { cookie });
      expect(res.status, url).toBe(200);
      matches(schemaOf('get', path), res.body);
    }
    const lint = await request(`${env.url}/api/lint`, { body: { prompt: 'Summarize {{article' } });
    matches(schemaOf('post', '/api/lint'), lint.body);
  });
});
