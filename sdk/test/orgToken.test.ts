/**
 * [teams] The SDK unchanged with an organization's token: it fetches the organization's prompt, not
 * its maker's personal one of the same name, and once the maker is removed it is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signInLocal, startTestEnv, type TestEnv } from 'proxy-server/test/helpers';
import { makeTeam, orgToken, type Team } from 'proxy-server/test/orgTeam';
import { createPromptClient } from '../src/index';

describe('@prompt-perfect/sdk with an organization token', () => {
  let env: TestEnv;
  let ada: string;
  let grace: string;
  let team: Team;
  beforeAll(async () => {
    env = await startTestEnv();
    ada = await signInLocal(env.url, 'Ada', 'ada@example.com');
    grace = await signInLocal(env.url, 'Grace', 'grace@example.com');
    team = await makeTeam(env.url, 'Acme', ada, { grace: { cookie: grace, role: 'admin' } });
    await request(`${env.url}/api/prompts/greeting/versions`, {
      body: { text: 'Hi {{name}}, from Grace.' },
      cookie: grace,
    });
    await request(`${env.url}/api/orgs/${team.org.slug}/prompts/greeting/versions`, {
      body: { text: 'Hello {{name}}, from Acme.' },
      cookie: ada,
    });
  });
  afterAll(() => env.close());

  it("fetches the organization's prompt, and is refused once its maker is removed", async () => {
    const token = await orgToken(env.url, team.org.slug, grace);
    const prompt = await createPromptClient({ baseUrl: env.url, token }).getPrompt('greeting');
    expect(prompt.compile({ name: 'Linus' })).toBe('Hello Linus, from Acme.');

    await request(`${env.url}/api/orgs/${team.org.slug}/members/${team.members.grace.userId}`, {
      method: 'DELETE',
      cookie: ada,
    });
    // A new client: one that fetched before serves its cached copy within its ttl.
    await expect(createPromptClient({ baseUrl: env.url, token }).getPrompt('greeting')).rejects.toMatchObject({
      status: 401,
      code: 'token_invalid',
    });
  });
});
