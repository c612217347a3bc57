/**
 * [teams] Cross-organization IDOR, on both storage backends: every route family of /api/orgs/:org
 * answers a non-member (even another organization's owner) exactly as for an organization that does
 * not exist; ids and names of another space used inside one's own organization's URLs are 404; and
 * what is made in an organization never shows in a personal space, nor the other way round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { bothBackends } from './bothBackends';
import { generateBody, type JsonResponse, request, startTestEnv, type TestEnv } from './helpers';
import { createOrg, join, type Member, person } from './orgHelpers';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';

const { backends } = bothBackends();

const PERFECT = {
  run: { kind: 'perfect', input: 'a haiku', options: { technique: 'zero-shot', language: 'English', tone: 'Normal' } },
};
const LIMITS = { maxRounds: 1, maxTokens: 100_000, maxCostUsd: 1 };

interface Made {
  prompt: string;
  testSetId: number;
  historyId: number;
}

type Probe = [method: string, path: (b: Made) => string, body?: (b: Made) => unknown, note?: string];

/** Every route family under /api/orgs/:org, as a non-member would try it with the other space's ids. */
const ORG_ROUTES: Probe[] = [
  ['GET', () => '/prompts'],
  ['GET', (b) => `/prompts/${b.prompt}?label=production`],
  ['GET', (b) => `/prompts/${b.prompt}/versions`],
  ['POST', (b) => `/prompts/${b.prompt}/versions`, () => ({ text: 'taken over' })],
  ['GET', (b) => `/prompts/${b.prompt}/labels`],
  ['PUT', (b) => `/prompts/${b.prompt}/labels/production`, () => ({ version: 1, confirm: true })],
  ['POST', (b) => `/prompts/${b.prompt}/labels/production/undo`, () => ({ confirm: true })],
  ['GET', () => '/prompts/_export?format=promptfoo'],
  ['POST', () => '/prompts/_import', () => ({ format: 'langfuse', content: '[]' })],
  ['GET', () => '/prompts/_webhook'],
  ['PUT', () => '/prompts/_webhook', () => ({ url: 'http://127.0.0.1:9/stolen' })],
  ['DELETE', () => '/prompts/_webhook'],
  ['GET', () => '/test-sets'],
  ['GET', (b) => `/test-sets/${b.testSetId}`],
  ['POST', () => '/test-sets', () => simulatedSet(2, 'planted')],
  ['PUT', (b) => `/test-sets/${b.testSetId}`, () => simulatedSet(2, 'overwritten')],
  ['DELETE', (b) => `/test-sets/${b.testSetId}`],
  ['POST', () => '/test-sets/draft', () => ({ ...MODEL, task: 'anything', count: 2 })],
  ['POST', () => '/evaluations', (b) => ({ ...MODEL, testSetId: b.testSetId, prompt: 'x', judge: JUDGE })],
  ['POST', () => '/evaluations/estimate', (b) => ({ ...MODEL, testSetId: b.testSetId, prompt: 'x', judge: JUDGE })],
  [
    'POST',
    () => '/optimizations',
    (b) => ({ ...MODEL, testSetId: b.testSetId, prompt: 'x', judge: JUDGE, limits: LIMITS }),
  ],
  [
    'POST',
    () => '/optimizations/estimate',
    (b) => ({ ...MODEL, testSetId: b.testSetId, prompt: 'x', judge: JUDGE, limits: LIMITS }),
  ],
  ['GET', () => '/history'],
  ['GET', (b) => `/history?chain=${b.historyId}`],
  ['POST', () => '/runs', () => ({ ...PERFECT.run, output: 'planted' })],
  ['POST', () => '/generate', () => generateBody()],
  [
    'POST',
    () => '/generate',
    (b) => generateBody({ ...PERFECT, run: { ...PERFECT.run, refines: b.historyId } }),
    'refining their history entry',
  ],
  ['GET', () => '/tokens'],
  ['POST', () => '/tokens', () => ({ name: 'stolen', scopes: ['read'] })],
  ['POST', (b) => `/prompts/${b.prompt}/share`, () => ({ label: 'production' })],
  ['GET', () => '/share-links'],
  ['DELETE', () => '/share-links/1'],
  ['GET', () => '/members'],
  ['POST', () => '/invites', () => ({ role: 'owner' })],
  ['GET', () => '/audit'],
];

const label = ([method, path, , note]: Probe) =>
  `${method} ${path({ prompt: ':prompt', testSetId: 0, historyId: 0 }).replace(/\b0\b/, ':id')}${note ? ` (${note})` : ''}`;

describe.each(backends)('IDOR on %s', (_name, location) => {
  let env: TestEnv;
  let ada: Member; // owner of Acme
  let grace: Member; // owner of Globex
  let carol: Member; // editor in both
  let acme: OrgSummary;
  let globex: OrgSummary;
  const made = {} as Record<'acme' | 'globex' | 'personal', Made>;

  const call = (who: Member, path: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie: who.cookie });

  /** A prompt labelled production, a test set and a Perfect run in the history, under `prefix`. */
  async function fill(who: Member, prefix: string, prompt: string): Promise<Made> {
    expect((await call(who, `${prefix}/prompts/${prompt}/versions`, { body: { text: `${prompt} v1` } })).status).toBe(
      201,
    );
    await call(who, `${prefix}/prompts/${prompt}/labels/production`, { method: 'PUT', body: { version: 1 } });
    const set = await call(who, `${prefix}/test-sets`, { body: simulatedSet(4, `${prompt} cases`) });
    const run = await call(who, `${prefix}/generate`, { body: generateBody({ ...PERFECT, userPrompt: prompt }) });
    expect(run.status, run.text).toBe(200);
    return { prompt, testSetId: set.body.id, historyId: run.body.run.historyId };
  }

  /** What an organization that does not exist answers: the one answer a non-member must get. */
  async function missingOrgAnswer(method: string, path: string, body: unknown, key: string): Promise<JsonResponse> {
    const missing = `no-such-org-${key.length}`;
    const res = await call(ada, `/orgs/${missing}${path}`, { method, body });
    return { ...res, body: JSON.parse(JSON.stringify(res.body).replaceAll(missing, key)) };
  }

  beforeAll(async () => {
    env = await startTestEnv({ env: { ...(await location()), WEBHOOK_ALLOW_PRIVATE: 'true' } });
    env.openai.simulateAnswers(true);
    ada = await person(env.url, 'Ada');
    grace = await person(env.url, 'Grace');
    carol = await person(env.url, 'Carol');
    acme = await createOrg(env.url, ada, 'Acme');
    globex = await createOrg(env.url, grace, 'Globex');
    await join(env.url, acme, ada, carol, 'editor');
    await join(env.url, globex, grace, carol, 'editor');
    made.acme = await fill(ada, `/orgs/${acme.slug}`, 'support-reply');
    made.globex = await fill(grace, `/orgs/${globex.slug}`, 'billing-bot');
    made.personal = await fill(ada, '', 'my-own');
    await call(grace, `/orgs/${globex.slug}/prompts/_webhook`, {
      method: 'PUT',
      body: { url: 'http://127.0.0.1:9/globex' },
    });
  }, 120_000);
  afterAll(() => env?.close());

  describe("a member of Acme (its owner) gets the missing-organization 404 for Globex's", () => {
    it.each(ORG_ROUTES.map((probe) => [label(probe), probe] as const))('%s', async (_label, [method, path, body]) => {
      for (const key of [globex.slug, globex.id]) {
        const sent = body?.(made.globex);
        const res = await call(ada, `/orgs/${key}${path(made.globex)}`, { method, body: sent });
        const expected = await missingOrgAnswer(method, path(made.globex), sent, key);
        expect(res.status, `${key}: ${res.text}`).toBe(404);
        expect(res.body).toEqual(expected.body);
      }
    });

    it("and Globex's data is unchanged afterwards", async () => {
      const g = (path: string) => call(grace, `/orgs/${globex.slug}${path}`);
      expect((await g('/prompts/billing-bot/versions')).body.items).toHaveLength(1);
      expect((await g('/prompts/billing-bot/labels')).body.moves).toHaveLength(1);
      expect((await g(`/test-sets/${made.globex.testSetId}`)).body.name).toBe('billing-bot cases');
      expect((await g('/test-sets')).body.items).toHaveLength(1);
      expect((await g('/prompts/_webhook')).body.webhook.url).toBe('http://127.0.0.1:9/globex');
      expect((await g('/history')).body.items).toHaveLength(1);
    });
  });

  describe("ids and names of another space inside one's own organization's URLs are 404", () => {
    const inAcme = (who: () => Member, method: string, path: string, body?: () => unknown) =>
      call(who(), `/orgs/${acme.slug}${path}`, { method, body: body?.() });

    it.each([
      ['Globex', () => made.globex],
      ['the personal space', () => made.personal],
    ] as const)("%s's test set: read, change, delete, evaluate, optimize, export", async (_space, from) => {
      // Carol belongs to both organizations: being allowed in the other one changes nothing here.
      for (const who of [() => carol, () => ada]) {
        const id = from().testSetId;
        for (const [method, path, body] of [
          ['GET', `/test-sets/${id}`],
          ['PUT', `/test-sets/${id}`, () => simulatedSet(2, 'overwritten')],
          ['DELETE', `/test-sets/${id}`],
          ['POST', '/evaluations', () => ({ ...MODEL, testSetId: id, prompt: 'x', judge: JUDGE })],
          ['POST', '/evaluations/estimate', () => ({ ...MODEL, testSetId: id, prompt: 'x', judge: JUDGE })],
          [
            'POST',
            '/optimizations/estimate',
            () => ({ ...MODEL, testSetId: id, prompt: 'x', judge: JUDGE, limits: LIMITS }),
          ],
          ['GET', `/prompts/_export?format=promptfoo&testSet=${id}`],
        ] as const) {
          const res = await inAcme(who, method, path, body);
          expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
        }
      }
      expect((await call(grace, `/orgs/${globex.slug}/test-sets/${made.globex.testSetId}`)).body.name).toBe(
        'billing-bot cases',
      );
      expect((await call(ada, `/test-sets/${made.personal.testSetId}`)).body.name).toBe('my-own cases');
    });

    it.each([
      ['Globex', () => made.globex],
      ['the personal space', () => made.personal],
    ] as const)("%s's prompt: read, versions, labels, move, undo", async (_space, from) => {
      const name = from().prompt;
      for (const [method, path, body] of [
        ['GET', `/prompts/${name}?label=production`],
        ['GET', `/prompts/${name}/versions`],
        ['GET', `/prompts/${name}/labels`],
        ['PUT', `/prompts/${name}/labels/production`, () => ({ version: 1 })],
        ['POST', `/prompts/${name}/labels/production/undo`, () => ({})],
      ] as const) {
        const res = await inAcme(() => carol, method, path, body);
        expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      }
    });

    it.each([
      ['Globex', () => made.globex],
      ['the personal space', () => made.personal],
    ] as const)("%s's history entry: refining it or reading its chain", async (_space, from) => {
      const refines = from().historyId;
      const run = await inAcme(
        () => carol,
        'POST',
        '/generate',
        () => generateBody({ ...PERFECT, run: { ...PERFECT.run, refines } }),
      );
      expect(run.status, run.text).toBe(404);
      expect((await inAcme(() => carol, 'GET', `/history?chain=${refines}`)).body.items).toEqual([]);
    });

    it('an Acme id in the personal space is 404 too', async () => {
      expect((await call(ada, `/test-sets/${made.acme.testSetId}`)).status).toBe(404);
      expect((await call(ada, `/prompts/${made.acme.prompt}`)).status).toBe(404);
      const refined = await call(ada, '/generate', {
        body: generateBody({ ...PERFECT, run: { ...PERFECT.run, refines: made.acme.historyId } }),
      });
      expect(refined.status).toBe(404);
    });
  });

  describe('an organization and the personal space never show each other', () => {
    const names = (res: JsonResponse) => res.body.items.map((i: { name: string }) => i.name);

    it('prompts', async () => {
      expect(names(await call(ada, '/prompts'))).toEqual(['my-own']);
      expect(names(await call(ada, `/orgs/${acme.slug}/prompts`))).toEqual(['support-reply']);
      expect(names(await call(carol, '/prompts'))).toEqual([]);
    });

    it('test sets', async () => {
      expect(names(await call(ada, '/test-sets'))).toEqual(['my-own cases']);
      expect(names(await call(ada, `/orgs/${acme.slug}/test-sets`))).toEqual(['support-reply cases']);
      expect(names(await call(carol, '/test-sets'))).toEqual([]);
    });

    it('history', async () => {
      const ids = (res: JsonResponse) => res.body.items.map((i: { id: number }) => i.id);
      expect(ids(await call(ada, '/me/history'))).toEqual([made.personal.historyId]);
      expect(ids(await call(ada, `/orgs/${acme.slug}/history`))).toEqual([made.acme.historyId]);
      expect(ids(await call(carol, '/me/history'))).toEqual([]);
    });

    it('webhooks', async () => {
      expect((await call(ada, '/prompts/_webhook')).body.webhook).toBeNull();
      expect((await call(ada, `/orgs/${acme.slug}/prompts/_webhook`)).body.webhook).toBeNull();
      expect((await call(grace, '/prompts/_webhook')).body.webhook).toBeNull();
    });

    it('exports', async () => {
      const personal = await call(ada, '/prompts/_export?format=langfuse');
      const org = await call(ada, `/orgs/${acme.slug}/prompts/_export?format=langfuse`);
      expect(personal.text).toContain('my-own');
      expect(personal.text).not.toContain('support-reply');
      expect(org.text).toContain('support-reply');
      expect(org.text).not.toContain('my-own');
    });
  });
});
