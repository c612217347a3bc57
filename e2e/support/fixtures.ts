import { test as base, expect, type Page } from '@playwright/test';
import { startFakeAnthropic } from '@prompt-perfect/test-support/fakes/fakeAnthropic';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import type { FakeUpstream } from '@prompt-perfect/test-support/fakes/types';
import { startHangingServer, startProxyServer, type RunningServer } from './server';

export interface AppFixtureOptions {
  /** 'fake': provider keys set and pointed at local fake providers; 'none': no keys (offline). */
  providerKeys: 'fake' | 'none';
  /** Extra env for proxy-server in this test (e.g. a remote's URL). */
  serverEnv: Record<string, string>;
  /** Point this remote at a server that accepts connections and never answers. */
  hangingRemote: 'trial' | 'workspace' | 'progress' | null;
}

interface AppFixtures {
  server: RunningServer;
  openai: FakeUpstream;
  anthropic: FakeUpstream;
}

export const test = base.extend<AppFixtureOptions & AppFixtures>({
  providerKeys: ['fake', { option: true }],
  serverEnv: [{}, { option: true }],
  hangingRemote: [null, { option: true }],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  openai: async ({}, use) => {
    const fake = await startFakeOpenAI();
    await use(fake);
    await fake.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  anthropic: async ({}, use) => {
    const fake = await startFakeAnthropic();
    await use(fake);
    await fake.close();
  },
  server: async ({ providerKeys, serverEnv, hangingRemote, openai, anthropic }, use) => {
    const keys =
      providerKeys === 'fake'
        ? {
            OPENAI_API_KEY: 'test-openai-key',
            OPENAI_BASE_URL: openai.baseURL,
            ANTHROPIC_API_KEY: 'test-anthropic-key',
            ANTHROPIC_BASE_URL: anthropic.baseURL,
            PROVIDER_MAX_RETRIES: '0',
          }
        : {};
    const hanging = hangingRemote ? await startHangingServer() : null;
    const hangingEnv: Record<string, string> = hanging
      ? {
          [`REMOTE_${hangingRemote!.toUpperCase()}_URL`]: `${hanging.url}/mf-manifest.json`,
          REMOTE_MANIFEST_TIMEOUT_MS: '1500',
        }
      : {};
    const server = await startProxyServer({ ...keys, ...hangingEnv, ...serverEnv });
    await use(server);
    await server.stop();
    await hanging?.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };

/**
 * How long a remote may take to appear the first time. Its first load downloads and parses the remote;
 * with two test workers on a busy 2-core machine the workspace's has taken over 10 s.
 */
export const REMOTE_FIRST_LOAD_MS = 60_000;

/** Signs in through the local identity's /sign-in page and waits for the workspace. */
export async function signInLocally(page: Page, name = 'Ada Lovelace', email = 'ada@example.com') {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Then the workspace slot settles: loaded, or its "unavailable" fallback.
  const loading = page.getByRole('status').filter({ hasText: 'Loading workspace' });
  await expect(loading).toBeHidden({ timeout: REMOTE_FIRST_LOAD_MS });
}

/** Screenshots a page at phone and desktop widths into e2e/screenshots/. */
export async function screenshotBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
