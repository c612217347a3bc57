/**
 * [workbench] The everyday loop as a user feels it, in headless Chromium against the production
 * build and a fake OpenAI that streams (first piece after FIRST_PIECE_MS):
 * - from pressing Perfect to the first streamed text on the page (page clock), desktop and on
 *   Lighthouse's phone profile;
 * - from navigation to the prompt box focused (signed in, phone profile);
 * - how many Tab presses reach the prompt box from the top of the page.
 * `BENCH_ROOT=/path/to/another/checkout` measures that checkout (installed and built) for a before/after.
 */
import type { Browser, Page } from '@playwright/test';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import { startServer, throttleLikeAPhone, type Server } from './mobileLoad.bench';
import { launchChromium, median } from './pageLoad';

const RUNS = 7;
const FIRST_PIECE_MS = 50;

export async function signedInPage(browser: Browser, server: Server, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: phone ? { width: 375, height: 812 } : { width: 1280, height: 800 },
  });
  const res = await context.request.post('/api/auth/local/sign-in', {
    data: { name: 'Bench', email: 'bench@example.com' },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  const page = await context.newPage();
  if (phone) await throttleLikeAPhone(page);
  return page;
}

/** Navigation start to the prompt box holding focus (page clock). */
async function promptFocusedMs(page: Page): Promise<number> {
  await page.goto('/', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const box = document.querySelector<HTMLTextAreaElement>('#ws-prompt');
      if (!box) return null;
      box.focus();
      return document.activeElement === box ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Perfect pressed to the first piece of text in the output (page clock). */
async function firstTextMs(page: Page): Promise<number> {
  await page.locator('#ws-prompt').fill(`Write a launch e-mail ${Math.random()}`);
  const handle = await page.evaluateHandle(
    () =>
      new Promise<number>((resolve) => {
        const output = document.querySelector('[data-testid="workspace-output"]');
        const perfect = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Perfect');
        if (!output || !perfect) throw new Error('no output or Perfect button');
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (output.textContent?.includes('First')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(output, { childList: true, subtree: true, characterData: true });
        perfect.click();
      }),
  );
  const ms = (await handle.jsonValue()) as number;
  await page.getByRole('button', { name: 'Perfect', exact: true }).waitFor({ state: 'visible' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Perfect' && !b.disabled),
  );
  return ms;
}

/** Tab presses from the top of the page until the prompt box has focus (without using a skip link). */
async function tabStopsToPrompt(page: Page): Promise<number> {
  await page.goto('/');
  await page.locator('#ws-prompt').waitFor();
  for (let i = 1; i <= 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'ws-prompt')) return i;
  }
  return Number.NaN;
}

export async function run(): Promise<Record<string, number | string>> {
  const openai = await startFakeOpenAI();
  const server = await startServer({
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: openai.baseURL,
    PROVIDER_MAX_RETRIES: '0',
  });
  const browser = await launchChromium();
  try {
    const figures: Record<string, number | string> = {};
    for (const phone of [false, true]) {
      const page = await signedInPage(browser, server, phone);
      const focused: number[] = [];
      const first: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        focused.push(await promptFocusedMs(page));
        openai.respondWith({
          kind: 'stream',
          pieces: ['First ', 'words ', 'of ', 'the ', 'answer.'],
          delayMs: FIRST_PIECE_MS,
        });
        first.push(await firstTextMs(page));
      }
      const profile = phone ? 'phone profile' : 'desktop';
      figures[`${profile}: navigation to prompt box focused, median of ${RUNS} (ms)`] = Math.round(median(focused));
      figures[
        `${profile}: Perfect to first streamed text on the page, median of ${RUNS} (ms; model's first piece at ${FIRST_PIECE_MS} ms)`
      ] = Math.round(median(first));
      if (!phone)
        figures['desktop: Tab presses from the top of the page to the prompt box'] = await tabStopsToPrompt(page);
      await page.context().close();
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    await openai.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k}: ${v}`);
}
