import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startHangingServer, startProxyServer, type RunningServer } from '../e2e/support/server';
import { kib, launchChromium, median, recordAssets, type LoadedAsset } from './pageLoad';

const COLD_LOADS = 10;
/** Budget the issue sets for the visitor's first load. */
export const VISITOR_FIRST_LOAD_BUDGET_KIB = 180;

async function coldContext(browser: Browser, server: RunningServer, storageState?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, storageState });
  return context;
}

async function disableCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Your prompt' });

function summarise(assets: LoadedAsset[], type: 'js' | 'css') {
  return assets.filter((a) => a.type === type).reduce((sum, a) => sum + a.gzipBytes, 0);
}

function topContributors(assets: LoadedAsset[], count = 5): string {
  return [...assets]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count)
    .map((a) => `${new URL(a.url).pathname.replace(/^\/remotes\//, '')} ${kib(a.gzipBytes)}`)
    .join(', ');
}

async function measureBundles(browser: Browser, server: RunningServer) {
  const context = await coldContext(browser, server);
  const page = await context.newPage();
  const assets = recordAssets(page);
  await page.goto('/');
  await promptBox(page).waitFor();
  await page.waitForLoadState('networkidle');
  const visitor = [...assets];

  assets.length = 0;
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Name').fill('Bench');
  await dialog.getByLabel('E-mail').fill('bench@example.com');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-remote="workspace"]').getByRole('button', { name: 'Perfect', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  const signIn = [...assets];
  await context.storageState({ path: path.join(server.dataDir, 'signed-in.json') });
  await context.close();

  const visitorJs = summarise(visitor, 'js');
  return {
    figures: {
      'visitor first load, JS gzip (KiB)': kib(visitorJs),
      'visitor first load, CSS gzip (KiB)': kib(summarise(visitor, 'css')),
      'visitor first load budget (KiB JS gzip)': `${VISITOR_FIRST_LOAD_BUDGET_KIB} (${kib(visitorJs) <= VISITOR_FIRST_LOAD_BUDGET_KIB ? 'holds' : 'EXCEEDED'})`,
      'visitor first load, requests (JS+CSS)': visitor.length,
      'visitor top contributors (KiB gzip)': topContributors(visitor),
      'sign-in adds, JS gzip (KiB)': kib(summarise(signIn, 'js')),
      'sign-in adds, CSS gzip (KiB)': kib(summarise(signIn, 'css')),
      'sign-in top contributors (KiB gzip)': topContributors(signIn),
    },
    storageState: path.join(server.dataDir, 'signed-in.json'),
  };
}

/**
 * Milliseconds from navigation start until the prompt box and the Perfect button are on the
 * page, read inside the page on every animation frame (Playwright's own waits poll with a
 * back-off of up to 500 ms, which would measure the poll interval instead of the page).
 */
async function timeToUsable(browser: Browser, server: RunningServer, storageState?: string): Promise<number> {
  const context = await coldContext(browser, server, storageState);
  const page = await context.newPage();
  await disableCache(page);
  await page.goto('/', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const promptBox = document.querySelector('[data-remote] textarea');
      const perfect = [...document.querySelectorAll('[data-remote] button')].find(
        (button) => button.textContent?.trim() === 'Perfect',
      );
      return promptBox && perfect ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const elapsed = (await handle.jsonValue()) as number;
  await context.close();
  return elapsed;
}

async function timeToFallback(browser: Browser, server: RunningServer, block: boolean): Promise<number> {
  const context = await coldContext(browser, server);
  const page = await context.newPage();
  if (block) await page.route('**/remotes/trial/**', (route) => route.abort('connectionrefused'));
  await page.goto('/', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => (document.querySelector('[role="alert"][aria-label="Free trial unavailable"]') ? performance.now() : null),
    undefined,
    { polling: 'raf', timeout: 130_000 },
  );
  const elapsed = (await handle.jsonValue()) as number;
  await context.close();
  return elapsed;
}

export async function run(): Promise<Record<string, number | string>> {
  const server = await startProxyServer({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_TRIAL_PER_IP: '100000' });
  const browser = await launchChromium();
  try {
    const bundles = await measureBundles(browser, server);

    const visitorTimes: number[] = [];
    const workspaceTimes: number[] = [];
    for (let i = 0; i < COLD_LOADS; i++) {
      visitorTimes.push(await timeToUsable(browser, server));
      workspaceTimes.push(await timeToUsable(browser, server, bundles.storageState));
    }

    const refused = await timeToFallback(browser, server, true);
    const hanging = await startHangingServer();
    const hangingServer = await startProxyServer({ REMOTE_TRIAL_URL: `${hanging.url}/mf-manifest.json` });
    let hangingMs: number;
    try {
      hangingMs = await timeToFallback(browser, hangingServer, false);
    } finally {
      await hangingServer.stop();
      await hanging.stop();
    }

    return {
      ...bundles.figures,
      [`visitor: navigation to Perfect usable, median of ${COLD_LOADS} cold loads (ms)`]: Math.round(
        median(visitorTimes),
      ),
      [`workspace: navigation to Perfect usable, signed in, median of ${COLD_LOADS} cold loads (ms)`]: Math.round(
        median(workspaceTimes),
      ),
      'remote refused: time to fallback (ms)': Math.round(refused),
      'remote never answers: time to fallback, default 10 s manifest bound (ms)': Math.round(hangingMs),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
