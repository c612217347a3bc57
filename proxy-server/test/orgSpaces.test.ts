/**
 * [teams] What working in an organization's space means beyond roles: a Perfect goes to the
 * organization's history but counts in the person's own progress; a label move is sent to the
 * organization's webhook only; the 1 MB body limit of test sets and imports holds there too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { generateBody, request, startTestEnv, type TestEnv } from './helpers';
import { createOrg, join, type Member, person } from './orgHelpers';
import { simulatedSet } from './proveHelpers';
import { startReceiver, until } from './webhookReceiver';

const PERFECT = {
  run: { kind: 'perfect', input: 'a haiku', options: { technique: 'zero-shot', language: 'English', tone: 'Normal' } },
};

describe("an organization's space", () => {
  let env: TestEnv;
  let ada: Member;
  let bea: Member;
  let acme: OrgSummary;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const call = (who: Member, path: string, init: { method?: string; body?: unknown } = {}) =>
    request(`${env.url}/api${path}`, { ...init, cookie: who.cookie });

  beforeAll(async () => {
    env = await startTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20' } });
    receiver = await startReceiver();
    ada = await person(env.url, 'Ada');
    bea = await person(env.url, 'Bea');
    acme = await createOrg(env.url, ada, 'Acme');
    await join(env.url, acme, ada, bea, 'editor');
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

  it('takes a test set over 64 KB (up to 1 MB) as the personal space does', async () => {
    const big = simulatedSet(20, 'Big one');
    big.cases = big.cases.map((c) => ({ ...c, input: `${c.input} ${'x'.repeat(3_800)}` }));
    expect(JSON.stringify(big).length).toBeGreaterThan(64 * 1024);
    const saved = await call(bea, `/orgs/${acme.slug}/test-sets`, { body: big });
    expect(saved.status, saved.text).toBe(201);
    expect((await call(bea, '/test-sets')).body.items).toEqual([]);
  });
});
