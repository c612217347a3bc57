/**
 * [teams] What working in an organization's space means beyond roles: a Perfect goes to the
 * organization's history but counts in the person's own progress; a label move is sent to the
 * organization's webhook only; the 1 MB body limit of test sets and imports holds there too; the
 * prompt changes are in the organization's audit log, with who did them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { generateBody, request, startTestEnv, type TestEnv } from './helpers';
import { createOrg, join, type Member, person } from './orgHelpers';
import { JUDGE, MODEL, simulatedSet } from './proveHelpers';
import { startReceiver, until } from './webhookReceiver';

const PERFECT = {
  run: { kind: 'perfect', input: 'a haiku', options: { technique: 'zero-shot', language: 'English', tone: 'Normal' } },
};

describe("an organization's space", () => {
  let env: TestEnv;
  let ada: Member;
  let bea: Member;
  let vic: Member;
  let acme: OrgSummary;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const call = (who: Member, path: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie: who.cookie });

  beforeAll(async () => {
    env = await startTestEnv({
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20', USER_MAX_CONCURRENT_RUNS: '1' },
    });
    receiver = await startReceiver();
    ada = await person(env.url, 'Ada');
    bea = await person(env.url, 'Bea');
    acme = await createOrg(env.url, ada, 'Acme');
    await join(env.url, acme, ada, bea, 'editor');
    vic = await person(env.url, 'Vic');
    await join(env.url, acme, ada, vic, 'viewer');
  });
  afterAll(async () => {
    await env?.close();
    await receiver?.close();
  });

  it("a Perfect is kept in the organization's history and earns the person's own progress", async () => {
    const run = await call(bea, `/orgs/${acme.slug}/generate`, { body: generateBody(PERFECT) });
    expect(run.status, run.text).toBe(200);
    expect(run.body.run.progress.xpGained).toBeGreaterThan(0);
    const orgHistory = (await call(ada, `/orgs/${acme.slug}/history`)).body.items;
    expect(orgHistory.map((h: { id: number }) => h.id)).toEqual([run.body.run.historyId]);
    expect((await call(bea, '/me/history')).body.items).toEqual([]);
    expect((await call(bea, '/me/progress')).body.stats.totalPrompts).toBe(1);
    expect((await call(ada, '/me/progress')).body.stats.totalPrompts).toBe(0);
    // Continue Building refines the organization's entry, in the organization.
    const refined = await call(ada, `/orgs/${acme.slug}/generate`, {
      body: generateBody({ run: { ...PERFECT.run, kind: 'continue', refines: run.body.run.historyId } }),
    });
    expect(refined.status, refined.text).toBe(200);
  });

  it("an offline run is kept in the organization's history and earns the person's own progress", async () => {
    const offline = { ...PERFECT.run, output: 'Write a haiku about autumn.' };
    const before = (await call(bea, '/me/progress')).body.stats.totalPrompts;
    const run = await call(bea, `/orgs/${acme.slug}/runs`, { body: offline });
    expect(run.status, run.text).toBe(201);
    const orgHistory = (await call(ada, `/orgs/${acme.slug}/history`)).body.items;
    expect(orgHistory[0]).toMatchObject({ id: run.body.historyId, provider: 'offline' });
    expect((await call(bea, '/me/history')).body.items).toEqual([]);
    expect((await call(bea, '/me/progress')).body.stats.totalPrompts).toBe(before + 1);
    const viewer = await call(vic, `/orgs/${acme.slug}/runs`, { body: offline });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toMatch(/viewer/);
    expect((await call(ada, `/orgs/${acme.slug}/history`)).body.items).toHaveLength(orgHistory.length);
  });

  it("a label move goes to the organization's webhook, not to the mover's own", async () => {
    const own = await startReceiver();
    try {
      await call(bea, '/prompts/_webhook', { method: 'PUT', body: { url: own.url } });
      await call(ada, `/orgs/${acme.slug}/prompts/_webhook`, { method: 'PUT', body: { url: receiver.url } });
      await call(bea, `/orgs/${acme.slug}/prompts/greeting/versions`, { body: { text: 'Hello.' } });
      const moved = await call(bea, `/orgs/${acme.slug}/prompts/greeting/labels/production`, {
        method: 'PUT',
        body: { version: 1 },
      });
      expect(moved.status).toBe(200);
      await until(
        async () => receiver.received.length,
        (n) => n > 0,
      );
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({
        event: 'label.moved',
        prompt: 'greeting',
        label: 'production',
        toVersion: 1,
        movedBy: 'Bea',
      });
      expect(own.received).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("versions, label moves, undo, protection, import and webhook changes are in the organization's audit log", async () => {
    const org = `/orgs/${acme.slug}`;
    await call(bea, `${org}/prompts/audited/versions`, { body: { text: 'One.', message: 'first cut' } });
    await call(bea, `${org}/prompts/audited/versions`, { body: { text: 'Two.' } });
    await call(bea, `${org}/prompts/audited/labels/production`, { method: 'PUT', body: { version: 1 } });
    await call(bea, `${org}/prompts/audited/labels/production`, { method: 'PUT', body: { version: 2 } });
    await call(bea, `${org}/prompts/audited/labels/production/undo`, { method: 'POST' });
    await call(ada, `${org}/prompts/audited/labels/production`, {
      method: 'PUT',
      body: { version: 1, protected: true },
    });
    const file = JSON.stringify([{ name: 'imported', version: 1, type: 'text', prompt: 'Hi {{who}}.', labels: [] }]);
    expect((await call(bea, `${org}/prompts/_import`, { body: { format: 'langfuse', content: file } })).status).toBe(
      201,
    );
    await call(ada, `${org}/prompts/_webhook`, { method: 'DELETE' });

    const items = (await call(ada, `${org}/audit`)).body.items as Array<{
      action: string;
      actor: { name: string };
      prompt: string | null;
      summary: string;
    }>;
    const mine = items
      .filter((i) => i.prompt === 'audited' || i.action === 'prompt.import' || i.action.startsWith('webhook'))
      .reverse()
      .map((i) => `${i.actor.name} ${i.action} ${i.prompt ?? '-'}: ${i.summary}`);
    expect(mine).toEqual([
      expect.stringMatching(/^Ada webhook\.set -: webhook: 127\.0\.0\.1:\d+$/),
      'Bea version.save audited: v1: first cut',
      'Bea version.save audited: v2',
      'Bea label.move audited: production: none -> v1',
      'Bea label.move audited: production: v1 -> v2',
      'Bea label.undo audited: production: v2 -> v1',
      'Ada label.protect audited: production: protected',
      'Bea prompt.import -: langfuse: 1 version of imported, 0 test sets',
      'Ada webhook.remove -: webhook removed',
    ]);
    // One's own space keeps its own log: none of the organization's entries are there.
    const own = (await call(bea, '/audit')).body.items as Array<{ prompt: string | null }>;
    expect(own.filter((i) => i.prompt === 'audited')).toEqual([]);
  });

  it("a viewer's model call is refused for the role, whether or not their run slot is free", async () => {
    const set = await call(bea, `/orgs/${acme.slug}/test-sets`, { body: simulatedSet(2, 'Slots') });
    const before = env.openai.requests.length;
    env.openai.respondWith({ kind: 'slow', delayMs: 1_500, text: 'You are a slow poet.' });
    const own = call(vic, '/generate', { body: generateBody() });
    await until(
      async () => env.openai.requests.length,
      (n) => n > before,
    );
    for (const [path, body] of [
      ['/generate', generateBody()],
      ['/evaluations', { ...MODEL, testSetId: set.body.id, prompt: 'x', judge: JUDGE }],
      ['/test-sets/draft', { ...MODEL, task: 'hiking questions', count: 2 }],
    ] as const) {
      const res = await call(vic, `/orgs/${acme.slug}${path}`, { body });
      expect(res.status, `${path}: ${res.text}`).toBe(403);
      expect(res.headers.get('error-code')).toBe('role_forbids');
    }
    expect((await own).status).toBe(200);
  });

  it('takes a test set over 64 KB (up to 1 MB) as the personal space does', async () => {
    const big = simulatedSet(20, 'Big one');
    big.cases = big.cases.map((c) => ({ ...c, input: `${c.input} ${'x'.repeat(3_800)}` }));
    expect(JSON.stringify(big).length).toBeGreaterThan(64 * 1024);
    const saved = await call(bea, `/orgs/${acme.slug}/test-sets`, { body: big });
    expect(saved.status, saved.text).toBe(201);
    expect((await call(bea, '/test-sets')).body.items).toEqual([]);
  });
});
