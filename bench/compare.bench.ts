/**
 * [compare] Four Compare columns streaming at once (a fake OpenAI sending a piece every 20 ms to
 * each) while the user types in the prompt box: time from each key to the frame that shows it, and
 * the main-thread long tasks (over 50 ms) meanwhile; the same typing with nothing streaming for
 * the baseline. Budget: key to frame under 50 ms, no long task. Needs a build;
 * `npx tsx bench/compare.bench.ts` runs it alone.
 */
import os from 'node:os';
import type { CDPSession, Page } from '@playwright/test';
import { startFakeOpenAI } from '@prompt-perfect/test-support/fakes/fakeOpenAI';
import { startServer } from './mobileLoad.bench';
import { launchChromium, median, percentile } from './pageLoad';
import { signedInPage } from './workbench.bench';

declare global {
  interface Window {
    __keyLatency: number[];
    __longTasks: number;
  }
}

const COLUMNS = 4;
const PIECE_MS = 20;
const KEYS = ' and show every step of the working please';

/** The renderer's main-thread time in tasks and in script so far (s), from the DevTools protocol. */
async function busySeconds(cdp: CDPSession): Promise<{ task: number; script: number; layout: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    task: of('TaskDuration'),
    script: of('ScriptDuration'),
    layout: of('LayoutDuration') + of('RecalcStyleDuration'),
  };
}

async function typeAndMeasure(page: Page, cdp: CDPSession) {
  await page.evaluate(() => {
    window.__keyLatency = [];
    window.__longTasks = 0;
  });
  await page.locator('#ws-prompt').focus();
  await page.keyboard.press('End');
  const before = await busySeconds(cdp);
  const t0 = Date.now();
  await page.keyboard.type(KEYS, { delay: 30 });
  await page.waitForTimeout(300);
  const after = await busySeconds(cdp);
  const seconds = (Date.now() - t0) / 1000;
  const share = (x: number) => `${Math.round((x / seconds) * 100)}%`;
  const { latencies, longTasks } = await page.evaluate(() => ({
    latencies: window.__keyLatency,
    longTasks: window.__longTasks,
  }));
  return {
    latencies,
    longTasks,
    busy: `${share(after.task - before.task)} / ${share(after.script - before.script)} / ${share(after.layout - before.layout)}`,
  };
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
    const page = await signedInPage(browser, server, false);
    const context = page.context();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto('/');
    await page.locator('#ws-prompt').fill('help with maths homework');
    openai.respondWith({ kind: 'text', text: 'You are a patient maths tutor. Explain each step.' });
    await page.getByRole('button', { name: 'Perfect', exact: true }).click();
    const grid = page.getByRole('region', { name: 'Compare', exact: true });
    while ((await grid.getByTestId('compare-column').count()) < COLUMNS)
      await grid.getByRole('button', { name: 'Add model' }).click();
    await grid.getByRole('textbox', { name: 'Input for every column' }).fill('What is 12 x 12?');
    await page.evaluate(() => {
      document.querySelector('#ws-prompt')!.addEventListener('keydown', (event) => {
        const start = event.timeStamp;
        // After the next frame's rendering steps: the key's character is on screen.
        requestAnimationFrame(() => setTimeout(() => window.__keyLatency.push(performance.now() - start), 0));
      });
      new PerformanceObserver((list) => {
        window.__longTasks += list.getEntries().length;
      }).observe({ type: 'longtask' });
    });

    const idle = await typeAndMeasure(page, cdp);
    const pieces = Array.from({ length: 600 }, (_, i) => `word${i} `);
    for (let i = 0; i < COLUMNS; i++) openai.respondWith({ kind: 'stream', pieces, delayMs: PIECE_MS });
    await grid.getByRole('button', { name: 'Run all' }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="compare-answer-text"]').length >= n,
      COLUMNS,
    );
    const streaming = await typeAndMeasure(page, cdp);
    const stillStreaming = await grid.locator('[data-testid="compare-answer"][aria-busy="true"]').count();
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const spread = (xs: number[]) => `${round(median(xs))} / ${round(percentile(xs, 95))} / ${round(Math.max(...xs))}`;
    return {
      'key to frame, typing 30 ms apart, median / p95 / max (ms): nothing streaming': spread(idle.latencies),
      [`key to frame, typing 30 ms apart, median / p95 / max (ms): ${COLUMNS} columns streaming`]: spread(
        streaming.latencies,
      ),
      'long tasks (> 50 ms) while typing: nothing streaming / columns streaming': `${idle.longTasks} / ${streaming.longTasks}`,
      'main thread busy while typing, in tasks / script / style and layout: nothing streaming': idle.busy,
      [`main thread busy while typing, in tasks / script / style and layout: ${COLUMNS} columns streaming`]:
        streaming.busy,
      'columns still streaming when the typing ended': stillStreaming,
      'machine load (1 min) at the end': os.loadavg()[0].toFixed(1),
      'compare budget': 'a key is on screen within 50 ms while four columns stream; no long task',
    };
  } finally {
    await browser.close();
    await server.stop();
    await openai.close();
  }
}

if (process.argv[1]?.endsWith('compare.bench.ts')) {
  for (const [k, v] of Object.entries(await run())) console.log(`${k.padEnd(90)} ${v}`);
}
