import { expect, type Page, test } from '@playwright/test';
import { TRIAL_LIMIT } from '@prompt-perfect/core/trial';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import { startPostgres, type TestPostgres } from '@prompt-perfect/test-support/services/postgres';
import { startRedis, type TestRedis } from '@prompt-perfect/test-support/services/redis';
import { perfectOnce } from './support/progressHelpers';
import { startProxyServer, type RunningServer } from './support/server';

/**
 * Several instances ([scale]): two proxy-server processes on one PostgreSQL and one Redis, as behind a
 * load balancer. Cookies do not depend on the port, so one browser alternating between the two
 * origins is one visitor, or one signed-in user, meeting both instances. (The plain Playwright test,
 * not ./support/fixtures, whose single SQLite server this file does not want.)
 */

let postgres: TestPostgres;
let redis: TestRedis;
test.beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
});
test.afterAll(async () => {
  await redis?.stop();
  await postgres?.stop();
});

let instances: RunningServer[] = [];
let openai: FakeUpstream;
test.beforeEach(async () => {
  // An empty Redis per test: rate-limit counters from the previous test's requests would still count.
  await redis.stop();
  await redis.start();
  openai = await startFakeOpenAI();
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    SESSION_SECRET: 'e2e-shared-session-secret-0123456789abcdef',
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_BASE_URL: openai.baseURL,
    PROVIDER_MAX_RETRIES: '0',
    TRIAL_LIMIT_PER_IP: '1000',
    RATE_LIMIT_PER_IP: '120',
  };
  instances = await Promise.all([startProxyServer(env), startProxyServer(env)]);
});
test.afterEach(async () => {
  for (const instance of instances) await instance.stop();
  await openai.close();
});

const trialsLeft = (n: number) => `${n} of ${TRIAL_LIMIT} free trials left`;
const output = (page: Page) => page.locator('[data-remote="trial"]').getByTestId('trial-output');

test('a visitor alternating between two instances gets exactly 10 trial runs', async ({ page }) => {
  // Two servers migrating one PostgreSQL database, then ten page loads: about 2 minutes on a busy
  // 2-core machine, which is the suite's default.
  test.setTimeout(240_000);
  for (let run = 1; run <= TRIAL_LIMIT; run++) {
    await page.goto(instances[run % 2].baseURL);
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName(trialsLeft(TRIAL_LIMIT - run + 1));
    openai.respondWith({ kind: 'text', text: `Perfected prompt number ${run}.` });
    await page.getByRole('textbox', { name: 'Your prompt' }).fill(`Rough task number ${run}`);
    await page.getByRole('button', { name: 'Perfect', exact: true }).click();
    await expect(output(page)).toHaveText(`Perfected prompt number ${run}.`);
  }
  for (const instance of instances) {
    await page.goto(instance.baseURL);
    await expect(page.getByTestId('header-trials')).toHaveAccessibleName(trialsLeft(0));
    const refused = await page.request.post(`${instance.baseURL}/api/trial/optimize`, {
      data: { prompt: 'one more please' },
    });
    expect(refused.status()).toBe(403);
  }
  expect(openai.requests).toHaveLength(TRIAL_LIMIT);
});

test('a favorite saved through one instance is listed through the other, and after a restart', async ({ page }) => {
  test.setTimeout(240_000);
  const [first, second] = instances;
  await page.goto(`${first.baseURL}/sign-in`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('E-mail').fill('ada@example.com');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await perfectOnce(page, 'Summarise the quarterly report for the board');
  await page.getByRole('button', { name: 'Favorite', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Favorited' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveText('');

  const listedOn = async (instance: RunningServer) => {
    await page.goto(instance.baseURL);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('button', { name: 'Favorites' }).click();
    const panel = page.getByRole('dialog', { name: 'Workspace panel' });
    await expect(panel.getByTestId('favorite-original')).toHaveText(['Summarise the quarterly report for the board']);
    await page.keyboard.press('Escape');
  };
  await listedOn(second);
  await second.restart();
  await listedOn(second);
});

test('the per-IP rate limit holds across both instances', async ({ request }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 130; i++)
    statuses.push((await request.get(`${instances[i % 2].baseURL}/api/trial/status`)).status());
  expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(120)).toEqual(Array(10).fill(429));
});
