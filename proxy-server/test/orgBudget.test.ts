/**
 * [teams] ORG_DAILY_BUDGET_USD on both backends: a run in an organization counts against the
 * organization's daily budget and the person's own; the refusal names the one that is spent, and
 * GET /api/orgs/:org/budget shows both.
 */
import { dailyBudgetSpent, orgDailyBudgetSpent } from '@prompt-perfect/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { bothBackends } from './bothBackends';
import { generateBody, request, signInLocal, startTestEnv, type TestEnv } from './helpers';
import { bearer, makeTeam, orgToken } from './orgTeam';

const { backends } = bothBackends();
/** Each run answered with it costs a little over a cent (gpt-4o list prices); each answer is used once. */
const LONG_ANSWER = 'word '.repeat(800);

describe.each(backends)('ORG_DAILY_BUDGET_USD on %s', (_name, location) => {
  let env: TestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it("counts an organization's runs against its budget and each person's own; the refusal names which", async () => {
    env = await startTestEnv({
      env: { ...(await location()), USER_DAILY_BUDGET_USD: '0.015', ORG_DAILY_BUDGET_USD: '0.02' },
    });
    const { url } = env;
    const ada = await signInLocal(url, 'Ada', 'ada@example.com');
    const grace = await signInLocal(url, 'Grace', 'grace@example.com');
    const { org } = await makeTeam(url, 'Acme', ada, { grace: { cookie: grace, role: 'admin' } });
    const adaForAcme = bearer(await orgToken(url, org.slug, ada));
    const graceForAcme = bearer(await orgToken(url, org.slug, grace));
    const generate = (init: { cookie?: string; headers?: Record<string, string> }) => {
      env?.openai.respondWith({ kind: 'text', text: LONG_ANSWER });
      return request(`${url}/api/generate`, { body: generateBody(), ...init });
    };
    const budgets = async (cookie: string) => (await request(`${url}/api/orgs/${org.slug}/budget`, { cookie })).body;
    expect(await budgets(ada)).toMatchObject({
      personal: { budgetUsd: 0.015, spentUsd: 0, leftUsd: 0.015 },
      org: { orgId: org.id, name: 'Acme', budgetUsd: 0.02, spentUsd: 0, leftUsd: 0.02 },
    });
    expect((await generate({ headers: adaForAcme })).status).toBe(200);
    const afterAda = await budgets(ada);
    expect(afterAda.org.spentUsd).toBeGreaterThan(0.01);
    expect(afterAda.personal.spentUsd).toBeCloseTo(afterAda.org.spentUsd, 10);
    expect((await budgets(grace)).personal.spentUsd).toBe(0);

    // Grace's run for Acme passes Acme's budget (each call may pass it by at most its own estimate).
    expect((await generate({ headers: graceForAcme })).status).toBe(200);
    const graceSpent = (await budgets(grace)).personal.spentUsd;
    expect(graceSpent).toBeGreaterThan(0.01);

    const calls = env.openai.requests.length;
    const orgSpent = await generate({ headers: graceForAcme });
    expect(orgSpent.status).toBe(429);
    expect(orgSpent.body).toEqual({ error: orgDailyBudgetSpent('Acme', 0.02), budget: 'org' });
    expect(env.openai.requests).toHaveLength(calls);
    // The refused run held nothing of Grace's own budget: her personal runs go on.
    expect((await request(`${url}/api/me/budget`, { cookie: grace })).body.spentUsd).toBeCloseTo(graceSpent, 10);
    expect((await generate({ cookie: grace })).status).toBe(200);
    expect((await budgets(ada)).org.leftUsd).toBe(0);

    // Ada spends her own budget in her personal space; then her run for Acme names her budget.
    expect((await generate({ cookie: ada })).status).toBe(200);
    const personalSpent = await generate({ headers: adaForAcme });
    expect(personalSpent.status).toBe(429);
    expect(personalSpent.body).toEqual({ error: dailyBudgetSpent(0.015), budget: 'personal' });
  });

  it('0 sets no organization budget: only the personal one counts', async () => {
    env = await startTestEnv({
      env: { ...(await location()), USER_DAILY_BUDGET_USD: '0.015', ORG_DAILY_BUDGET_USD: '0' },
    });
    const ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    const { org } = await makeTeam(env.url, 'Acme', ada, {});
    const token = bearer(await orgToken(env.url, org.slug, ada));
    env.openai.respondWith({ kind: 'text', text: LONG_ANSWER });
    expect((await request(`${env.url}/api/generate`, { body: generateBody(), headers: token })).status).toBe(200);
    const both = (await request(`${env.url}/api/orgs/${org.slug}/budget`, { cookie: ada })).body;
    // Like USER_DAILY_BUDGET_USD=0: without a budget nothing is counted on the way.
    expect(both.org).toMatchObject({ budgetUsd: null, spentUsd: 0, leftUsd: null });
    expect(both.personal.spentUsd).toBeGreaterThan(0.01);
  });
});
